import { useEffect, useState } from "react";

/**
 * On a phone the panel fills the screen; when the keyboard opens, the visual viewport shrinks
 * (and may scroll) while `100dvh` does not always follow. Track it so the input stays visible.
 */
export function useVisualViewportBox(active: boolean): { height: number; top: number } | null {
  const [box, setBox] = useState<{ height: number; top: number } | null>(null);
  useEffect(() => {
    const vv = window.visualViewport;
    if (!active || !vv) return setBox(null);
    const phone = window.matchMedia("(max-width: 639px)");
    const update = () => setBox(phone.matches ? { height: vv.height, top: vv.offsetTop } : null);
    update();
    vv.addEventListener("resize", update);
    vv.addEventListener("scroll", update);
    phone.addEventListener("change", update);
    return () => {
      vv.removeEventListener("resize", update);
      vv.removeEventListener("scroll", update);
      phone.removeEventListener("change", update);
    };
  }, [active]);
  return box;
}
