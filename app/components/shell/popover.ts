import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Closes a panel with the `popover` attribute if it is open. */
export function hidePopover(panel: HTMLElement | null | undefined): void {
  if (panel?.matches(":popover-open")) panel.hidePopover();
}

/**
 * Closes the panel after a client-side navigation (a full page load starts closed anyway). Not at
 * mount: a menu the visitor opened before the page hydrated stays open.
 */
export function usePopoverClosesOnNavigation(panel: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    hidePopover(panel.current);
  }, [pathname, panel]);
}
