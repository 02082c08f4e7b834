import { useEffect, useState } from "react";

/**
 * A module loaded on first use (a sheet, the chat, the lightbox, the toasts), once `wanted`; null
 * until it has arrived. Used instead of React.lazy and Suspense for parts a tap opens: React shows
 * a Suspense boundary's content up to 300 ms after its code has arrived, and a tap replayed after
 * hydration (app/lib/early-taps.ts) must find what the tap before it opened already on screen.
 * A load that fails (offline) leaves the part closed; the next time it is wanted it is tried again.
 */
export function useLoaded<T>(load: () => Promise<T>, wanted: boolean): T | null {
  const [loaded, setLoaded] = useState<T | null>(null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    load().then(
      (m) => {
        if (live) setLoaded(() => m);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded, load]);
  return loaded;
}
