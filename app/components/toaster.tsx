import { useEffect, useState } from "react";
import { tapsWaitFor } from "~/lib/early-taps";
import { whenVisitorActs } from "~/lib/idle";
import { onToastWaiting } from "~/lib/toast";
import { useLoaded } from "~/lib/use-loaded";

// A tap replayed after hydration waits for it before the next one (app/lib/early-taps.ts).
const loadOutlet = () => tapsWaitFor(import("./toaster-outlet"));

/**
 * The app's single toast outlet (docs/product.md §5 'Timing': one toast at a time, 5000 ms). Toasts are
 * raised with notify()/notifyError() from app/lib/toast.ts. The toast library stays out of the
 * first load: it is mounted at the visitor's first touch, key or mouse movement, or at the first toast.
 */
export function Toaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const mount = () => setMounted(true);
    const offWaiting = onToastWaiting(mount);
    const cancelActs = whenVisitorActs(mount);
    return () => {
      offWaiting();
      cancelActs();
    };
  }, []);
  const ToasterOutlet = useLoaded(loadOutlet, mounted)?.default;
  return ToasterOutlet ? <ToasterOutlet /> : null;
}
