import { useCallback, useEffect, useRef } from "react";

/**
 * The new-message sound (docs/product.md §3.3, /notification.mp3). Browsers only let a page play audio after
 * a user gesture, so the first click or key press unlocks it; a failed playback is only logged.
 */
export function useNotificationSound(src = "/notification.mp3") {
  const audio = useRef<HTMLAudioElement | null>(null);
  useEffect(() => {
    const el = new Audio(src);
    el.preload = "auto";
    audio.current = el;
    const unlock = () => {
      el.muted = true;
      el.play()
        .then(() => {
          el.pause();
          el.currentTime = 0;
        })
        .catch(() => {})
        .finally(() => {
          el.muted = false;
        });
      document.removeEventListener("pointerdown", unlock);
      document.removeEventListener("keydown", unlock);
    };
    document.addEventListener("pointerdown", unlock);
    document.addEventListener("keydown", unlock);
    return () => {
      document.removeEventListener("pointerdown", unlock);
      document.removeEventListener("keydown", unlock);
      audio.current = null;
    };
  }, [src]);

  return useCallback(() => {
    const el = audio.current;
    if (!el) return;
    el.currentTime = 0;
    el.play().catch((err) => console.warn("No se pudo reproducir el sonido de notificación:", err));
  }, []);
}
