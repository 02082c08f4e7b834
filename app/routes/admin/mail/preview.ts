import { requirePermission } from "~/.server/http/guards";
import { findMail } from "~/.server/mail/queue";
import type { Route } from "./+types/preview";

/**
 * One message of the outbox as its HTML arrives, for the frame in 'Correo'. Its own policy: the
 * message's inline styles and images, nothing that runs, no form, and it may only be framed here.
 * What visitors typed in it was escaped when it was rendered (app/.server/mail/messages/).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "mail:manage");
  const id = Number(params.id);
  const row = Number.isSafeInteger(id) && id > 0 ? await findMail(context.services.db, id) : null;
  if (!row?.html) return new Response("Este mensaje no existe o aún no se preparó.", { status: 404 });
  return new Response(row.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy":
        "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; frame-ancestors 'self'; form-action 'none'; base-uri 'none'",
      "X-Frame-Options": "SAMEORIGIN",
    },
  });
}
