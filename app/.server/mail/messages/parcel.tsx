import { formatDateTime } from "../../../lib/dates";
import { STATUS_INFO } from "../../../lib/orders";
import type { ContentLine } from "../../../lib/parcel";
import { formatPrice } from "../../../lib/prices";
import { Action, type Brand, Fact, link, MailFrame, P, UnsubscribeLine } from "./frame";
import type { MailParamsOf } from "./params";

const trackingHref = (brand: Brand, trackingNumber: string) =>
  link(brand, `/seguimiento?numero=${encodeURIComponent(trackingNumber)}`);
export const unsubscribeHref = (brand: Brand, token: string) => link(brand, `/correo/baja/${token}`);

/** The receipt of a new parcel, with its tracking link (sent to its sender when the order is made). */
export function ParcelCreated({ brand, p }: { brand: Brand; p: MailParamsOf["parcel.created"] }) {
  const total = p.contents?.reduce((sum: number, l: ContentLine) => sum + l.valueCents, 0) ?? 0;
  return (
    <MailFrame
      brand={brand}
      preview={`Recibimos tu envío ${p.trackingNumber}.`}
      heading="Recibimos tu envío"
      footer={
        <UnsubscribeLine
          href={unsubscribeHref(brand, p.unsubscribeToken)}
          what={`del envío ${p.trackingNumber}`}
        />
      }
    >
      <P>
        Gracias por confiar en {brand.siteName}. Te escribiremos cuando tu envío cambie de estado; también
        puedes seguirlo en cualquier momento con su número.
      </P>
      <Fact label="Número de tracking">{p.trackingNumber}</Fact>
      <Fact label="Fecha">{formatDateTime(p.createdAt, brand.timeZone)}</Fact>
      {p.senderName ? <Fact label="Envía">{p.senderName}</Fact> : null}
      <Fact label="Recibe">{p.recipientName}</Fact>
      {p.box ? <Fact label="Caja">{p.box}</Fact> : null}
      {p.contents?.length ? (
        <>
          <P muted>Contenido declarado:</P>
          {p.contents.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the declared lines have no id and never reorder
            <Fact key={i} label={l.description}>
              {formatPrice(l.valueCents)}
            </Fact>
          ))}
          <Fact label="Valor declarado">{formatPrice(total)}</Fact>
        </>
      ) : null}
      {p.total ? <Fact label="Total">{p.total}</Fact> : null}
      <Action brand={brand} href={trackingHref(brand, p.trackingNumber)}>
        Seguir mi envío
      </Action>
    </MailFrame>
  );
}

/** A status change or a timeline note of a parcel (of its own, or of its shipment). */
export function ParcelUpdate({ brand, p }: { brand: Brand; p: MailParamsOf["parcel.update"] }) {
  const status = p.status ? STATUS_INFO[p.status] : null;
  const heading = status ? `Tu envío: ${status.label}` : "Novedad de tu envío";
  return (
    <MailFrame
      brand={brand}
      preview={`${p.trackingNumber}: ${status ? status.label : (p.note ?? p.place ?? "")}`}
      heading={heading}
      footer={
        <UnsubscribeLine
          href={unsubscribeHref(brand, p.unsubscribeToken)}
          what={`del envío ${p.trackingNumber}`}
        />
      }
    >
      {status ? <P>{status.description}</P> : null}
      {p.note ? <P>{p.note}</P> : null}
      <Fact label="Número de tracking">{p.trackingNumber}</Fact>
      {p.place ? <Fact label="Lugar">{p.place}</Fact> : null}
      <Fact label="Fecha">{formatDateTime(p.at, brand.timeZone)}</Fact>
      <Action brand={brand} href={trackingHref(brand, p.trackingNumber)}>
        Ver el seguimiento
      </Action>
    </MailFrame>
  );
}

/** The first message after a visitor asked for a parcel's notices on its tracking page. */
export function ParcelSubscribed({ brand, p }: { brand: Brand; p: MailParamsOf["parcel.subscribed"] }) {
  return (
    <MailFrame
      brand={brand}
      preview={`Te avisaremos de los cambios de ${p.trackingNumber}.`}
      heading="Avisos por correo activados"
      footer={
        <UnsubscribeLine
          href={unsubscribeHref(brand, p.unsubscribeToken)}
          what={`del envío ${p.trackingNumber}`}
        />
      }
    >
      <P>
        Te escribiremos cuando el envío {p.trackingNumber} cambie de estado. Si no lo pediste tú, usa el
        enlace de abajo y no recibirás más correos.
      </P>
      <Action brand={brand} href={trackingHref(brand, p.trackingNumber)}>
        Ver el seguimiento
      </Action>
    </MailFrame>
  );
}
