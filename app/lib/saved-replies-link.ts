import { z } from "zod";
import { CHAT_URLS } from "./chat-api";

/**
 * 'Gestionar respuestas' from the inbox and 'Volver al chat' back (issue 41): the link to the
 * saved replies carries where the inbox was (`?volver=/admin/chat?c=…`), so coming back opens the
 * same conversation with the same list. The server takes only a path of the inbox on this site;
 * anything else goes back to the plain inbox.
 */

export const BACK_PARAM = "volver";

/** The saved replies screen, coming from `back` (the inbox's path and query). */
export function savedRepliesHref(back: string): string {
  const path = chatReturnPath(back);
  return path === CHAT_URLS.inbox
    ? CHAT_URLS.savedReplies
    : `${CHAT_URLS.savedReplies}?${new URLSearchParams({ [BACK_PARAM]: path })}`;
}

// Resolved against a stand-in origin: a value that names another host ('//evil.example',
// 'https://…') or climbs out of the inbox ('/admin/chat/../x') resolves somewhere else.
const BASE = "https://same-site.invalid";

const inboxPath = z
  .string()
  .trim()
  .max(1000)
  .refine((v) => v.startsWith(CHAT_URLS.inbox) && !/[\\\s]/.test(v))
  .transform((v, ctx) => {
    try {
      return new URL(v, BASE);
    } catch {
      ctx.addIssue({ code: "custom", message: "not a path" });
      return z.NEVER;
    }
  })
  .refine((u) => u.origin === BASE && u.pathname === CHAT_URLS.inbox)
  .transform((u) => `${u.pathname}${u.search}`);

/** The inbox path to go back to: `value` when it is one (without a fragment), else the inbox itself. */
export function chatReturnPath(value: unknown): string {
  const parsed = inboxPath.safeParse(value);
  return parsed.success ? parsed.data : CHAT_URLS.inbox;
}
