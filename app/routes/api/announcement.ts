import { data, redirect } from "react-router";
import { safeRedirect } from "~/.server/auth/login";
import { readForm } from "~/.server/http/intents";
import { isUuid } from "~/lib/ids";
import { closeAnnouncementCookie, closedAnnouncements } from "~/lib/schedule";
import type { Route } from "./+types/announcement";

/**
 * POST /api/aviso — the announcement bar's close button without scripts (with them, the bar writes
 * the same cookie itself): remembers that this visitor closed announcement `id` until it ends, and
 * sends them back to the page they were on (`back`, a path of this site).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const id = form.get("id");
  if (!isUuid(id)) throw data({ message: "Aviso no encontrado." }, { status: 400 });
  const back = safeRedirect(form.get("back"), "/");
  const { schedule } = await context.services.siteContent.get();
  const shown = schedule.announcements.find((a) => a.id === id);
  if (!shown) return redirect(back, 303);
  const cookie = closeAnnouncementCookie(closedAnnouncements(request.headers.get("Cookie")), shown, {
    now: new Date(),
    secure: new URL(request.url).protocol === "https:",
  });
  return redirect(back, { status: 303, headers: { "Set-Cookie": cookie } });
}
