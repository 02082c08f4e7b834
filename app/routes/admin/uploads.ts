import { actorOf } from "~/.server/audit/audit";
import { requireStaff } from "~/.server/http/guards";
import { dispatchIntent, readForm } from "~/.server/http/intents";
import { errorToast } from "~/lib/toast";
import type { Route } from "./+types/uploads";
import { customerPhotoUploadIntents } from "./customer-photos/intents";
import { heroUploadIntents } from "./hero-images/intents";

/**
 * Where the image screens send their files (docs/product.md §3.2, §3.6): the one action shape
 * (app/.server/http/intents.ts) answered as JSON, so the browser can post with
 * XMLHttpRequest and show each file's upload progress, which a fetch cannot report. The
 * intents live with their screens; every other change of those screens goes to the screen's
 * own action. Nobody signed out gets a file read; each intent names its permission (admins).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(request, context);
  const form = await readForm(request);
  const { logger } = context.services;
  return dispatchIntent(
    form,
    {
      ...heroUploadIntents({ ...context.services, actor: actorOf(user, context.clientIp) }, user),
      ...customerPhotoUploadIntents({ ...context.services, actor: actorOf(user, context.clientIp) }),
    },
    {
      logger,
      unknownIntent: errorToast("Acción desconocida."),
      user,
      forbidden: errorToast("No tienes permiso para esta acción."),
    },
  );
}

/** Nothing to show here: only POST (a page request gets 405 rather than a logged error). */
export function loader() {
  return new Response("Método no permitido: usa POST.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}
