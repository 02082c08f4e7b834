import { render, toPlainText } from "@react-email/render";
import type { ReactElement } from "react";
import type { MailKind } from "../../../lib/mail";
import { STATUS_INFO } from "../../../lib/orders";
import { ChatTranscript, ShopNotice } from "./chat";
import type { Brand } from "./frame";
import type { MailParamsOf } from "./params";
import { ParcelCreated, ParcelSubscribed, ParcelUpdate, unsubscribeHref } from "./parcel";
import { StaffInvitation, StaffReset } from "./staff";

export type RenderedMail = { subject: string; html: string; text: string; unsubscribeUrl: string | null };

type Template<K extends MailKind> = (
  p: MailParamsOf[K],
  brand: Brand,
) => { subject: string; body: ReactElement; unsubscribe?: string };

const SHOP_SUBJECTS: Record<MailParamsOf["shop.notice"]["what"], string> = {
  contact: "Nuevo mensaje de contacto",
  quote: "Nueva solicitud de cotización",
  chat: "Nueva conversación en el chat",
  message: "Nuevo mensaje en el chat",
  more: "Más mensajes sin responder",
};

/** Each kind's subject and body (React Email components, messages/*.tsx). */
const TEMPLATES: { [K in MailKind]: Template<K> } = {
  "parcel.created": (p, brand) => ({
    subject: `Recibimos tu envío ${p.trackingNumber}`,
    body: <ParcelCreated brand={brand} p={p} />,
    unsubscribe: p.unsubscribeToken,
  }),
  "parcel.update": (p, brand) => ({
    subject: p.status
      ? `Tu envío ${p.trackingNumber}: ${STATUS_INFO[p.status].label}`
      : `Novedad de tu envío ${p.trackingNumber}`,
    body: <ParcelUpdate brand={brand} p={p} />,
    unsubscribe: p.unsubscribeToken,
  }),
  "parcel.subscribed": (p, brand) => ({
    subject: `Avisos por correo del envío ${p.trackingNumber}`,
    body: <ParcelSubscribed brand={brand} p={p} />,
    unsubscribe: p.unsubscribeToken,
  }),
  "shop.notice": (p, brand) => ({
    subject: `${SHOP_SUBJECTS[p.what]}: ${p.name}`,
    body: <ShopNotice brand={brand} p={p} />,
  }),
  "chat.transcript": (p, brand) => ({
    subject: `Tu conversación con ${brand.siteName}`,
    body: <ChatTranscript brand={brand} p={p} />,
  }),
  "staff.invitation": (p, brand) => ({
    subject: `Invitación al panel de ${brand.siteName}`,
    body: <StaffInvitation brand={brand} p={p} />,
  }),
  "staff.reset": (p, brand) => ({
    subject: `Restablecer tu contraseña de ${brand.siteName}`,
    body: <StaffReset brand={brand} p={p} />,
  }),
};

/**
 * A message as it goes out: subject, HTML (React renders it, escaping whatever a visitor typed),
 * the same as plain text, and its unsubscribe link when it has one.
 */
export async function renderMail<K extends MailKind>(
  kind: K,
  params: MailParamsOf[K],
  brand: Brand,
): Promise<RenderedMail> {
  const { subject, body, unsubscribe } = TEMPLATES[kind](params, brand);
  const html = await render(body);
  return {
    subject,
    html,
    text: toPlainText(html),
    unsubscribeUrl: unsubscribe ? unsubscribeHref(brand, unsubscribe) : null,
  };
}
