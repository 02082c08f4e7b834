import { desc, eq, inArray, or, sql } from "drizzle-orm";
import { comparableCode, mentionKeys, mentionParts } from "../../lib/order-mentions";
import {
  buildTimeline,
  eventLine,
  type OrderEventView,
  type OrderStatus,
  STATUS_INFO,
} from "../../lib/orders";
import type { Db } from "../db/client";
import { orderEvents, orders } from "../db/schema";
import { trackingCodeOf } from "./orders";

/**
 * Orders as the chat inbox shows them beside a conversation (issue 41): the ones its messages
 * name, as links to a card, and the ones made from it ('Crear pedido').
 */

/** What staff read on an order's card in the inbox's side panel. */
export type OrderCard = {
  id: string;
  trackingNumber: string;
  status: OrderStatus;
  customerName: string;
  /** The newest line of its tracking timeline (a status reached or a note staff wrote). */
  last: { text: string; at: string } | null;
};

export type ConversationOrders = {
  /** Each number or code a message names that is an order (upper-case key → tracking number). */
  links: Record<string, string>;
  /** The cards of those orders and of the orders made from the conversation, newest first. */
  cards: OrderCard[];
  /** The tracking numbers of the orders made from the conversation, newest first. */
  made: string[];
};

/**
 * The newest line staff wrote on the order's timeline, as JSON (its time with an offset). The
 * order's id is written with its table: this query reads one table, where Drizzle leaves columns
 * unqualified, and a bare "id" in the subquery would be the event's.
 */
const lastEventColumn = sql<OrderEventView | null>`(
  select json_build_object('id', e.id, 'status', e.status, 'note', e.note, 'place', e.place, 'at', e.at)
  from ${orderEvents} e where e.order_id = ${orders}.id
  order by e.at desc, e.id desc limit 1
)`;

/** More than any conversation names; a code shared by orders of many years stays bounded. */
const MAX_ROWS = 200;

/**
 * The orders the messages' texts name (app/lib/order-mentions.ts) and those made from
 * conversation `clientId`, in one statement: a full number is that order (or, read with O for 0
 * and I for 1, that year's order with that code); a code alone is the newest order with it, as
 * the tracking look-up reads it (meantTrackingNumber).
 */
export async function conversationOrders(
  db: Db,
  texts: readonly string[],
  clientId: string | null = null,
): Promise<ConversationOrders> {
  const keys = mentionKeys(texts);
  const codes = [...new Set(keys.map((k) => comparableCode(mentionParts(k).code)))];
  const where = or(
    codes.length > 0 ? inArray(trackingCodeOf, codes) : undefined,
    clientId ? eq(orders.sourceClientId, clientId) : undefined,
  );
  if (!where) return { links: {}, cards: [], made: [] };
  const rows = await db
    .select({
      id: orders.id,
      trackingNumber: orders.trackingNumber,
      status: orders.status,
      customerName: orders.customerName,
      sourceClientId: orders.sourceClientId,
      enLocalAt: orders.enLocalAt,
      enviandoAt: orders.enviandoAt,
      enRepartoAt: orders.enRepartoAt,
      entregadoAt: orders.entregadoAt,
      canceladoAt: orders.canceladoAt,
      lastEvent: lastEventColumn,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(MAX_ROWS);

  const links: Record<string, string> = {};
  for (const key of keys) {
    const found = resolveMention(key, rows);
    if (found) links[key] = found;
  }
  const made = clientId ? rows.filter((r) => r.sourceClientId === clientId).map((r) => r.trackingNumber) : [];
  const shown = new Set([...Object.values(links), ...made]);
  const cards = rows.filter((r) => shown.has(r.trackingNumber)).map(toCard);
  return { links, cards, made };
}

/** The code of a stored number as the look-up compares it (trackingCodeOf in SQL). */
const codeOf = (trackingNumber: string) => comparableCode(trackingNumber.slice(9));

/**
 * The order a key means among `rows` (newest first): the exact number, else the number read
 * with O for 0 and I for 1 in the same year; a code alone, the newest order with it.
 */
export function resolveMention(key: string, rows: readonly { trackingNumber: string }[]): string | null {
  const { year, code } = mentionParts(key);
  const wanted = comparableCode(code);
  const exact = year ? rows.find((r) => r.trackingNumber === key) : undefined;
  const found =
    exact ??
    rows.find((r) => codeOf(r.trackingNumber) === wanted && (!year || r.trackingNumber.slice(4, 8) === year));
  return found?.trackingNumber ?? null;
}

type CardRow = {
  id: string;
  trackingNumber: string;
  status: OrderStatus;
  customerName: string;
  enLocalAt: Date | null;
  enviandoAt: Date | null;
  enRepartoAt: Date | null;
  entregadoAt: Date | null;
  canceladoAt: Date | null;
  lastEvent: OrderEventView | null;
};

/** The card's last line is the timeline's (buildTimeline): a status reached, or the newest event. */
function toCard(row: CardRow): OrderCard {
  // JSON times come with an offset: read them through Date, like the look-up does.
  const events = row.lastEvent ? [{ ...row.lastEvent, at: new Date(row.lastEvent.at).toISOString() }] : [];
  const last = buildTimeline({ ...row, events }).at(-1);
  return {
    id: row.id,
    trackingNumber: row.trackingNumber,
    status: row.status,
    customerName: row.customerName,
    last: last
      ? {
          text: [last.status ? STATUS_INFO[last.status].label : null, eventLine(last) || null]
            .filter(Boolean)
            .join(": "),
          at: last.at,
        }
      : null,
  };
}
