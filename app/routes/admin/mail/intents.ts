import { z } from "zod";
import { DomainError } from "~/.server/errors";
import { requirePermission } from "~/.server/http/guards";
import { dispatchIntent, readForm, staffIntentsWith } from "~/.server/http/intents";
import { requeue } from "~/.server/mail/queue";
import { MAIL_INTENT } from "~/lib/mail";
import { errorToast, type ToastMessage } from "~/lib/toast";
import type { Route } from "./+types/route";

const intent = staffIntentsWith<ToastMessage>();

/** 'Correo''s one intent: 'Reenviar' (admin), the message queued again now. */
export async function mailAction({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "mail:manage");
  const { db, logger, mail } = context.services;
  return dispatchIntent(
    await readForm(request),
    {
      [MAIL_INTENT.resend]: intent({
        permission: "mail:manage",
        schema: z.object({ id: z.coerce.number({ error: "Mensaje desconocido." }).int().positive() }),
        run: async ({ id }) => {
          if (!(await requeue(db, id))) throw new DomainError("not_found", "mail");
          mail.kick();
        },
        done: () =>
          mail.sending
            ? {
                title: "Reenviando",
                description: "El mensaje volvió a la cola: la lista muestra cuándo sale.",
              }
            : { title: "Guardado otra vez", description: "Sin servidor de correo, el mensaje queda aquí." },
        failed: (error) =>
          error?.kind === "not_found"
            ? errorToast("Ese mensaje ya no existe o se está enviando ahora.")
            : errorToast("No se pudo reenviar el mensaje."),
      }),
    },
    {
      logger,
      user,
      unknownIntent: errorToast("Acción desconocida."),
      forbidden: errorToast("No tienes permiso para esta acción."),
    },
  );
}
