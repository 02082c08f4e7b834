/**
 * The site's e-mail (issue 40) as screens name it: the kinds of message, the states of the queue
 * and the intents of 'Correo' (/admin/correo). Browser-safe.
 */

export const MAIL_KINDS = [
  "parcel.created",
  "parcel.update",
  "parcel.subscribed",
  "shop.notice",
  "chat.transcript",
  "staff.invitation",
  "staff.reset",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  "parcel.created": "Pedido recibido",
  "parcel.update": "Novedad de un pedido",
  "parcel.subscribed": "Avisos de un pedido activados",
  "shop.notice": "Aviso para la tienda",
  "chat.transcript": "Conversación del chat",
  "staff.invitation": "Invitación al equipo",
  "staff.reset": "Restablecer contraseña",
};

/**
 * queued: waiting for its turn (or its next try); sending: an instance is sending it; sent: the
 * mail server took it; failed: refused for good, or too many tries; held: no mail server is
 * configured (SMTP_URL), so it stays here for staff to read or forward.
 */
export const MAIL_STATES = ["queued", "sending", "sent", "failed", "held"] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const MAIL_STATE_LABELS: Record<MailState, string> = {
  queued: "En cola",
  sending: "Enviando",
  sent: "Enviado",
  failed: "No se pudo enviar",
  held: "Guardado (sin servidor de correo)",
};

/** The intents of /admin/correo (app/routes/admin/mail/intents.ts). */
export const MAIL_INTENT = { resend: "resend" } as const;

/** The longest address anyone types (RFC 5321's path limit). */
export const EMAIL_MAX = 254;

/** 'r***@gmail.com': an address shown to someone who may not own it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * The mail server's answer as the owner reads it: what happened in words, then the answer itself
 * (what a technician needs), e.g. 'No se pudo conectar con el servidor de correo (connect
 * ECONNREFUSED 10.0.0.5:465)'.
 */
export function mailErrorText(answer: string): string {
  const words =
    /ECONNREFUSED|ENOTFOUND|ETIMEDOUT|ECONNRESET|EHOSTUNREACH|EAI_AGAIN|timeout|Greeting never received/i.test(
      answer,
    )
      ? "No se pudo conectar con el servidor de correo"
      : /EAUTH|Invalid login|authentication|\b535\b/i.test(answer)
        ? "El servidor de correo no aceptó el usuario o la contraseña de SMTP_URL"
        : /^\s*5\d\d\b/.test(answer)
          ? "El servidor de correo rechazó el mensaje"
          : "El servidor de correo no aceptó el mensaje";
  return `${words} (${answer.slice(0, 300)})`;
}
