import { useEffect } from "react";
import { useLocation } from "react-router";
import { unreadLabel } from "./staff-nav";

const ICON_ID = "unread-favicon";

/** A favicon with the count on it, drawn in the page's chat colour. */
function drawIcon(count: number): string | null {
  const canvas = document.createElement("canvas");
  canvas.width = 64;
  canvas.height = 64;
  const ctx = canvas.getContext("2d");
  if (!ctx) return null;
  const colour = getComputedStyle(document.documentElement).getPropertyValue("--chat-primary").trim();
  ctx.fillStyle = colour ? `hsl(${colour})` : "#0f766e";
  ctx.beginPath();
  ctx.arc(32, 32, 32, 0, Math.PI * 2);
  ctx.fill();
  const text = unreadLabel(count);
  ctx.fillStyle = "#ffffff";
  ctx.font = `bold ${text.length > 2 ? 26 : 36}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, 32, 35);
  return canvas.toDataURL("image/png");
}

/**
 * While the inbox is open (docs/product.md §3.3), its tab shows the unread count: '(3) Panel de
 * Chat' in the title and the count on the favicon, so a background tab says there is news.
 */
export function useTabUnread(count: number, enabled: boolean) {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route's own <title> is set again on navigation
  useEffect(() => {
    if (!enabled) return;
    const base = document.title.replace(/^\(\d+\+?\) /, "");
    document.title = count > 0 ? `(${unreadLabel(count)}) ${base}` : base;
    document.getElementById(ICON_ID)?.remove();
    const href = count > 0 ? drawIcon(count) : null;
    if (href) {
      const link = document.createElement("link");
      link.id = ICON_ID;
      link.rel = "icon";
      link.type = "image/png";
      link.href = href;
      document.head.appendChild(link);
    }
    return () => {
      document.title = document.title.replace(/^\(\d+\+?\) /, "");
      document.getElementById(ICON_ID)?.remove();
    };
  }, [count, enabled, location.key]);
}
