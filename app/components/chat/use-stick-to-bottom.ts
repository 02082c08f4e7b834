import { useCallback, useLayoutEffect, useRef } from "react";

/** This close to the bottom (px) still reads as 'at the newest message'. */
const NEAR_BOTTOM_PX = 48;

/**
 * Keeps a scrolling log at its newest line (issue 41): when it appears, and whenever its content or
 * its own height changes (history arriving after the panel opened, photos and fonts loading, the
 * phone keyboard), unless the reader has scrolled up; scrolling back down sticks again. `scroller`
 * is the scrolling element (give it `overflow-anchor: none`), `content` its one child holding
 * everything; `pin()` sticks and scrolls (the visitor sent something), `follow()` scrolls if stuck.
 */
export function useStickToBottom<
  S extends HTMLElement = HTMLDivElement,
  C extends HTMLElement = HTMLDivElement,
>() {
  const scroller = useRef<S>(null);
  const content = useRef<C>(null);
  const stuck = useRef(true);
  const lastTop = useRef(0);

  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    lastTop.current = el.scrollTop;
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    stuck.current = true;
    toBottom();
    const onScroll = () => {
      const gap = el.scrollHeight - el.scrollTop - el.clientHeight;
      if (gap <= NEAR_BOTTOM_PX) stuck.current = true;
      // Only the reader moves the log up: growing content never does (no scroll anchoring), and a
      // shrinking one clamps to the bottom, which the line above takes.
      else if (el.scrollTop < lastTop.current) stuck.current = false;
      lastTop.current = el.scrollTop;
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    const grown =
      typeof ResizeObserver === "function" ? new ResizeObserver(() => stuck.current && toBottom()) : null;
    grown?.observe(el);
    if (content.current) grown?.observe(content.current);
    return () => {
      el.removeEventListener("scroll", onScroll);
      grown?.disconnect();
    };
  }, [toBottom]);

  const pin = useCallback(() => {
    stuck.current = true;
    toBottom();
  }, [toBottom]);
  const follow = useCallback(() => {
    if (stuck.current) toBottom();
  }, [toBottom]);
  return { scroller, content, pin, follow };
}
