import { useSyncExternalStore } from "react";
import { browserTimeZone } from "~/lib/shop-clock";

const never = () => () => {};
const onServer = () => undefined;

/**
 * The visitor's own time zone, known only in the browser: undefined while the server renders and
 * while the page hydrates (so the HTML matches), the browser's zone from then on.
 */
export function useBrowserTimeZone(): string | undefined {
  return useSyncExternalStore(never, browserTimeZone, onServer);
}
