import { data } from "react-router";
import { z } from "zod";
import { RateLimitedError } from "~/.server/errors";
import type { RequestContext } from "~/.server/http/context";
import { trackingUnlocksOf } from "~/.server/http/tracking-unlock";
import { followFromTrackingPage, MAX_FOLLOWERS, unfollowOrder } from "~/.server/orders/mail-notices";
import { findTrackedOrder } from "~/.server/orders/orders";
import { trackingViewFor } from "~/.server/orders/privacy";
import { EMAIL_MAX, maskEmail } from "~/lib/mail";
import { TRACKING_FETCH_FAILED, TRACKING_NOT_FOUND } from "~/lib/orders";
import { MAIL_FOLLOW_INTENT, type MailFollowAnswer } from "./mail-follow";

const emailSchema = z
  .string({ error: "Escribe tu correo electrónico." })
  .trim()
  .min(1, "Escribe tu correo electrónico.")
  .max(EMAIL_MAX, "El correo es demasiado largo.")
  .pipe(z.email("Escribe un correo válido, por ejemplo nombre@gmail.com."));

const answer = (mail: MailFollowAnswer, status = 200) => data({ mail, at: Date.now() }, { status });

/**
 * The tracking page's 'Avisos por correo' forms: only for a visitor who may see the delivery
 * details (the same rule as the page), and only when e-mail goes out (SMTP_URL).
 */
export async function mailFollowAction(
  context: RequestContext,
  request: Request,
  form: FormData,
  trackingNumber: string,
) {
  const { db, config, logger, orderSettings, mail } = context.services;
  const typed = form.get("email");
  const email = typeof typed === "string" ? typed.slice(0, EMAIL_MAX + 10) : "";
  try {
    const [found, unlocks] = await Promise.all([
      findTrackedOrder(db, trackingNumber, config.TIME_ZONE, orderSettings.get),
      trackingUnlocksOf(db, request),
    ]);
    if (!found) return answer({ ok: false, message: TRACKING_NOT_FOUND, email }, 404);
    if (!mail.sending || trackingViewFor(found, unlocks).locked)
      return answer(
        { ok: false, message: "Confirma primero los últimos 4 dígitos del teléfono del pedido.", email },
        403,
      );
    if (form.get("intent") === MAIL_FOLLOW_INTENT.stop) {
      const id = form.get("id");
      const stopped =
        typeof id === "string" &&
        z.uuid().safeParse(id).success &&
        (await unfollowOrder(db, trackingNumber, id));
      return stopped
        ? answer({ ok: true, message: "Listo: ese correo ya no recibirá avisos de este pedido." })
        : answer({ ok: false, message: "Ese correo ya no recibía avisos de este pedido." }, 404);
    }
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success)
      return answer(
        { ok: false, message: parsed.error.issues[0]?.message ?? "Correo inválido.", email },
        400,
      );
    const done = await followFromTrackingPage(db, {
      trackingNumber,
      email: parsed.data,
      clientIp: context.clientIp,
    });
    if (done === "gone") return answer({ ok: false, message: TRACKING_NOT_FOUND, email }, 404);
    if (done === "too-many")
      return answer(
        {
          ok: false,
          message: `Este pedido ya avisa a ${MAX_FOLLOWERS} correos: deja de avisar a uno primero.`,
          email,
        },
        409,
      );
    mail.kick();
    return answer({
      ok: true,
      message: `Listo: te escribiremos a ${maskEmail(parsed.data.toLowerCase())} cuando el pedido cambie. Te enviamos un correo de confirmación.`,
    });
  } catch (err) {
    if (err instanceof RateLimitedError)
      return answer({ ok: false, message: "Demasiados intentos: prueba de nuevo en una hora.", email }, 429);
    logger.error({ err }, "tracking mail follow failed");
    return answer({ ok: false, message: TRACKING_FETCH_FAILED, email }, 503);
  }
}
