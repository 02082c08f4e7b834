import { data, href, Link, useLoaderData } from "react-router";
import { NotFoundError } from "~/.server/errors";
import { requirePermission } from "~/.server/http/guards";
import { findStaffOrder } from "~/.server/orders/orders";
import { code128DataUri, qrCodeDataUri } from "~/.server/orders/print-codes";
import { errorMeta, GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { pageTitle } from "~/lib/meta";
import { trackingPath } from "~/lib/orders";
import { boxLine, declaredTotalCents } from "~/lib/parcel";
import { displayPhone } from "~/lib/phone";
import { formatPrice } from "~/lib/prices";
import { siteContact } from "~/lib/site-contact";
import type { Route } from "./+types/route";

/**
 * The parcel's print pages (issue 39), outside the staff frame so only the paper shows:
 * 'recibo', the customer's copy on letter or A4 paper, and 'etiqueta', the 4×6 in label for the
 * box. The QR code opens the tracking page on a phone; the Code 128 barcode is the tracking
 * number for a scanner. Staff with 'orders:manage' only.
 */

const DOCS = { recibo: "Recibo", etiqueta: "Etiqueta" } as const;
type Doc = keyof typeof DOCS;
const isDoc = (v: string | undefined): v is Doc => v === "recibo" || v === "etiqueta";

export const meta: Route.MetaFunction = ({ data: d, error }) =>
  error
    ? errorMeta(error)
    : [
        { title: pageTitle(d ? `${DOCS[d.doc]} ${d.order.trackingNumber}` : "Imprimir") },
        { name: "robots", content: "noindex" },
      ];

/** A page that cannot be printed (an order deleted meanwhile): the message and the way back, no site frame. */
export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl p-4">
      <GeneralErrorBoundary home={{ to: "/admin/orders", label: "Volver a pedidos" }} />
    </main>
  );
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, "orders:manage");
  const { doc, id } = params;
  if (!isDoc(doc) || !isUuid(id)) throw data({ message: "Esa página no existe." }, { status: 404 });
  const { db, config, siteContent } = context.services;
  const [order, site] = await Promise.all([
    findStaffOrder(db, id, config.TIME_ZONE).catch((err) => {
      if (err instanceof NotFoundError) throw data({ message: "Pedido no encontrado." }, { status: 404 });
      throw err;
    }),
    siteContent.get(),
  ]);
  const trackingUrl = `${context.publicOrigin}${trackingPath(order.trackingNumber)}`;
  return {
    doc,
    order,
    trackingUrl,
    created: formatDateTime(order.createdAt, config.TIME_ZONE),
    business: {
      name: site.settings.siteName,
      address: site.text.contactAddress,
      phone: siteContact(site.text).phoneDisplay,
      email: site.text.contactEmail,
    },
    qr: qrCodeDataUri(trackingUrl),
    barcode: doc === "etiqueta" ? code128DataUri(order.trackingNumber) : null,
  };
}

type PrintData = ReturnType<typeof useLoaderData<typeof loader>>;

const phoneText = (p: string | null) => (p ? displayPhone(p) : null);

export default function PrintRoute() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-muted/40 print:bg-white">
      {/* Paper size and margins: letter or A4 for the receipt (the printer's paper), 4×6 in for the label. */}
      <style>
        {d.doc === "etiqueta" ? "@page { size: 4in 6in; margin: 0; }" : "@page { margin: 12mm; }"}
      </style>
      <div className="mx-auto flex max-w-3xl flex-wrap items-center gap-3 p-4 print:hidden">
        <Button type="button" onClick={() => window.print()}>
          Imprimir {d.doc === "etiqueta" ? "etiqueta" : "recibo"}
        </Button>
        <Link className="text-sm underline" to={href("/admin/orders")}>
          Volver a pedidos
        </Link>
        <p className="w-full text-sm text-muted-foreground">
          {d.doc === "etiqueta"
            ? "Etiqueta de 4×6 pulgadas (10×15 cm) para pegar en la caja."
            : "Copia para el cliente: carta o A4."}
        </p>
      </div>
      {d.doc === "etiqueta" ? <Label d={d} /> : <Receipt d={d} />}
    </div>
  );
}

function Receipt({ d }: { d: PrintData }) {
  const { order, business } = d;
  const declared = declaredTotalCents(order.contents);
  const box = boxLine(order.box, order.weightLb);
  return (
    <main className="mx-auto max-w-3xl bg-white p-8 text-[13px] leading-snug text-black shadow-sm print:max-w-none print:p-0 print:shadow-none">
      <header className="flex items-start justify-between gap-6 border-b border-black pb-4">
        <div>
          <p className="text-xl font-bold">{business.name}</p>
          <p>{business.address}</p>
          <p>
            Tel. {business.phone} · {business.email}
          </p>
        </div>
        <div className="text-right">
          <h1 className="text-lg font-bold">Recibo de envío</h1>
          <p className="font-mono text-xl font-bold">{order.trackingNumber}</p>
          <p>Fecha: {d.created}</p>
        </div>
      </header>
      <div className="grid grid-cols-2 gap-6 border-b border-black py-4">
        <Party
          title="Remitente"
          lines={[order.senderName, phoneText(order.senderPhone), order.senderEmail]}
          empty="No indicado"
        />
        <Party
          title="Destinatario"
          lines={[
            order.customerName,
            phoneText(order.customerPhone),
            order.customerAddress,
            order.destinationName,
          ]}
          empty=""
        />
      </div>
      <section className="space-y-2 border-b border-black py-4" aria-label="Envío">
        <p>
          <strong>Descripción:</strong> {order.orderDescription}
        </p>
        {box ? (
          <p>
            <strong>Caja:</strong> {box}
          </p>
        ) : null}
        {order.contents?.length ? (
          <table className="w-full border-collapse">
            <caption className="pb-1 text-left font-bold">Contenido declarado</caption>
            <thead>
              <tr className="border-b border-black text-left">
                <th scope="col" className="py-1">
                  Artículo
                </th>
                <th scope="col" className="py-1 text-right">
                  Valor
                </th>
              </tr>
            </thead>
            <tbody>
              {order.contents.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the declared lines have no id and never reorder here
                <tr key={i} className="border-b border-black/30">
                  <td className="py-1">{l.description}</td>
                  <td className="py-1 text-right">{formatPrice(l.valueCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className="py-1 text-left">
                  Valor declarado
                </th>
                <td className="py-1 text-right font-bold">{formatPrice(declared)}</td>
              </tr>
            </tfoot>
          </table>
        ) : null}
        {order.orderTotal ? (
          <p className="text-base">
            <strong>Total:</strong> {order.orderTotal}
          </p>
        ) : null}
      </section>
      <footer className="flex items-center gap-4 pt-4">
        <TrackingQr d={d} size={112} />
        <div className="space-y-1">
          <p>
            Escanea el código con la cámara del teléfono para ver dónde está tu paquete, o entra en{" "}
            <span className="font-mono">{d.trackingUrl}</span>.
          </p>
          <p className="text-xs">
            El remitente declara que el contenido y su valor son los indicados. Conserva este recibo hasta
            recibir tu paquete.
          </p>
        </div>
      </footer>
    </main>
  );
}

function Party({ title, lines, empty }: { title: string; lines: (string | null)[]; empty: string }) {
  const shown = lines.filter((l): l is string => !!l);
  return (
    <section aria-label={title}>
      <h2 className="mb-1 text-xs font-bold uppercase tracking-wide">{title}</h2>
      {shown.length ? shown.map((l) => <p key={l}>{l}</p>) : <p>{empty}</p>}
    </section>
  );
}

/** 4×6 in: 384×576 CSS pixels. Big type for the recipient and the country, the codes below. */
function Label({ d }: { d: PrintData }) {
  const { order } = d;
  const country = order.destinationName;
  const box = boxLine(order.box, order.weightLb);
  return (
    <main className="mx-auto flex h-[6in] w-[4in] flex-col gap-2 overflow-hidden bg-white p-[0.2in] text-black shadow-sm print:shadow-none">
      <p className="text-[11px]">
        De: {order.senderName ?? d.business.name}
        {order.senderPhone ? ` · ${displayPhone(order.senderPhone)}` : ""}
      </p>
      <section aria-label="Destinatario" className="border-y-2 border-black py-2">
        <h1 className="text-[11px] font-bold uppercase">Para</h1>
        <p className="text-xl font-bold leading-tight">{order.customerName}</p>
        {order.customerPhone ? <p className="text-sm">{displayPhone(order.customerPhone)}</p> : null}
        {order.customerAddress ? <p className="text-sm leading-tight">{order.customerAddress}</p> : null}
        {country ? <p className="mt-1 text-2xl font-black uppercase">{country}</p> : null}
      </section>
      <img
        src={d.barcode ?? ""}
        alt={`Código de barras de ${order.trackingNumber}`}
        className="h-[0.9in] w-full object-fill"
      />
      <p className="text-center font-mono text-2xl font-bold tracking-wider">{order.trackingNumber}</p>
      <div className="mt-auto flex items-end justify-between gap-2">
        <div className="text-[11px]">
          {box ? <p>Caja: {box}</p> : null}
          <p>Fecha: {d.created}</p>
          <p>Escanea para ver el seguimiento</p>
        </div>
        <TrackingQr d={d} size={104} />
      </div>
    </main>
  );
}

/** The tracking page's address as a QR code, for the customer's phone camera. */
function TrackingQr({ d, size }: { d: PrintData; size: number }) {
  return (
    <img
      src={d.qr}
      alt={`Código QR del seguimiento de ${d.order.trackingNumber}`}
      width={size}
      height={size}
    />
  );
}
