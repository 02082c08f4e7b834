import { ExternalLink, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { href, Link, useNavigate, useSearchParams } from "react-router";
import { StatusIcon, TONE_CLASSES } from "~/components/orders/status";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { CHAT_URLS } from "~/lib/chat-api";
import { formatDateTime } from "~/lib/dates";
import { splitOrderMentions } from "~/lib/order-mentions";
import { STATUS_INFO } from "~/lib/orders";
import type { InboxData } from "./types";

/**
 * Orders in the conversation (issue 41): a tracking number or code a message names is a link
 * (staff only) to `?pedido=<number>`, and the side panel shows that order's card. The card is
 * drawn from the loader's data, so the link works before scripts run; the phones' side panel
 * (a sheet) opens by itself when a link is followed.
 */

export type ConversationOrders = NonNullable<InboxData["orders"]>;
export type OrderCardData = ConversationOrders["cards"][number];

/** The URL parameter naming the order whose card is open. */
const PARAM = "pedido";

/** The inbox's URL as it is (list filter, search, page), with `pedido` set or removed. */
function useOrderSearch() {
  const [params] = useSearchParams();
  const to = (trackingNumber: string | null) => {
    const next = new URLSearchParams(params);
    if (trackingNumber) next.set(PARAM, trackingNumber);
    else next.delete(PARAM);
    const search = next.toString();
    return { pathname: CHAT_URLS.inbox, search: search ? `?${search}` : "" };
  };
  return { open: params.get(PARAM), to };
}

/** The order's page in the orders screen: its list filtered to its number. */
export const orderScreenHref = (trackingNumber: string) =>
  `${href("/admin/orders")}?q=${encodeURIComponent(trackingNumber)}`;

/** A link that opens an order's card in the side panel. */
export function OrderCardLink({
  trackingNumber,
  className,
  children,
}: {
  trackingNumber: string;
  className?: string;
  children: ReactNode;
}) {
  const { open, to } = useOrderSearch();
  return (
    <Link
      to={to(trackingNumber)}
      replace
      preventScrollReset
      aria-label={`Ver pedido ${trackingNumber}`}
      aria-current={open === trackingNumber ? "true" : undefined}
      className={cn("font-semibold underline underline-offset-2", className)}
    >
      {children}
    </Link>
  );
}

/**
 * A message's text with the orders it names as links (`links`: key → tracking number, from the
 * server, so a word that only looks like a code stays text).
 */
export function OrderMentionText({
  text,
  links,
  className,
}: {
  text: string;
  links: Readonly<Record<string, string>>;
  className?: string;
}) {
  return splitOrderMentions(text, links).map((part, i) =>
    part.kind === "order" ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
      <OrderCardLink key={i} trackingNumber={part.trackingNumber} className={className}>
        {part.text}
      </OrderCardLink>
    ) : (
      part.text
    ),
  );
}

/** The card of the order `?pedido=` names, when the conversation mentions it; nothing otherwise. */
export function OrderCard({ orders, timeZone }: { orders: ConversationOrders | null; timeZone?: string }) {
  const { open, to } = useOrderSearch();
  const card = open ? orders?.cards.find((c) => c.trackingNumber === open.toUpperCase()) : undefined;
  const titleId = useId();
  const region = useRef<HTMLElement>(null);
  // Followed from a message: keyboard and screen reader users land on the card (when it shows).
  const shown = useRef(card?.trackingNumber);
  useEffect(() => {
    if (!card) shown.current = undefined;
    if (!card || shown.current === card.trackingNumber) return;
    shown.current = card.trackingNumber;
    if (region.current?.offsetParent) region.current.focus();
  }, [card]);
  if (!card) return null;
  const info = STATUS_INFO[card.status];
  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="m-3 space-y-2 rounded-xl border bg-card p-3 text-sm shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={titleId} className="font-heading text-base font-semibold">
          Pedido <span className="font-mono">{card.trackingNumber}</span>
        </h2>
        <Button asChild variant="ghost" size="icon" className="-mt-1 -mr-1 size-9 shrink-0">
          <Link to={to(null)} replace preventScrollReset aria-label={`Cerrar pedido ${card.trackingNumber}`}>
            <X aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <p>
        <span
          className={cn(
            "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold",
            TONE_CLASSES[info.tone],
          )}
        >
          <StatusIcon status={card.status} className="size-3.5" />
          {info.label}
        </span>
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">Cliente</dt>
        <dd className="break-words">{card.customerName}</dd>
        {card.last ? (
          <>
            <dt className="text-muted-foreground">Último</dt>
            <dd className="break-words">
              {card.last.text}
              <span className="block text-xs text-muted-foreground">
                {formatDateTime(card.last.at, timeZone)}
              </span>
            </dd>
          </>
        ) : null}
      </dl>
      <Button asChild size="sm" variant="outline">
        <Link to={orderScreenHref(card.trackingNumber)}>
          <ExternalLink aria-hidden="true" /> Abrir pedido
        </Link>
      </Button>
    </section>
  );
}

/** Screens narrower than this show the side panel as a sheet (inbox.tsx, `xl:`). */
const SIDE_PANEL_QUERY = "(min-width: 80rem)";

/**
 * The phones' side panel opens when a message's order link is followed (the card is in it), and
 * closing it closes the card too, so the same link opens it again. Returns the sheet's
 * onOpenChange.
 */
export function useOrderSheet(setOpen: (open: boolean) => void): (open: boolean) => void {
  const { open, to } = useOrderSearch();
  const navigate = useNavigate();
  useEffect(() => {
    if (open && !window.matchMedia(SIDE_PANEL_QUERY).matches) setOpen(true);
  }, [open, setOpen]);
  return (next: boolean) => {
    setOpen(next);
    if (!next && open) navigate(to(null), { replace: true, preventScrollReset: true });
  };
}
