import { and, eq, exists, inArray, isNull, or, sql } from "drizzle-orm";
import { type ChatMessageView, conversationDisplayName, notificationPreview } from "../../lib/chat";
import {
  buildTimeline,
  eventLine,
  type PublicTrackingView,
  STATUS_INFO,
  statusDescription,
  trackingPath,
} from "../../lib/orders";
import { PERMISSIONS } from "../../lib/permissions";
import type { PushPayload } from "../../lib/push";
import type { Db } from "../db/client";
import {
  chatAgents,
  chatClients,
  chatConversationAssignments,
  contacts,
  pushSubscriptions,
  staffUsers,
} from "../db/schema";
import type { PushService, SendReport } from "./send";

/**
 * Who is told what (ADR 0014). Staff: a visitor's message — the first of a new conversation or
 * any later one — notifies the assigned agent's person when the conversation is assigned, and
 * every active staff member who may reply when it is not; each person once per message, on
 * every device they opted in on. Orders: a new status notifies the browsers following it, once
 * per status reached.
 */

export async function staffRecipients(
  db: Db,
  clientId: string,
): Promise<{ userIds: string[]; name: string } | null> {
  // One query: the conversation, its assigned agent's person, and one row per staff member who
  // is told (the assigned person only, or everyone who may reply when nobody is assigned) and has
  // a device to tell: while no one has opted in, a message costs this query alone.
  const rows = await db
    .select({
      clientId: chatClients.clientId,
      customName: chatClients.customName,
      visitorNumber: chatClients.visitorNumber,
      contactName: contacts.name,
      staffId: staffUsers.id,
    })
    .from(chatClients)
    .leftJoin(
      chatConversationAssignments,
      and(
        eq(chatConversationAssignments.clientId, chatClients.clientId),
        eq(chatConversationAssignments.isActive, true),
      ),
    )
    .leftJoin(chatAgents, eq(chatAgents.id, chatConversationAssignments.agentId))
    .leftJoin(contacts, eq(contacts.id, chatClients.contactId))
    .leftJoin(
      staffUsers,
      and(
        isNull(staffUsers.deactivatedAt),
        inArray(staffUsers.role, [...PERMISSIONS["chat:reply"]]),
        or(isNull(chatAgents.userId), eq(staffUsers.id, chatAgents.userId)),
        exists(
          db
            .select({ one: sql`1` })
            .from(pushSubscriptions)
            .where(
              and(
                eq(pushSubscriptions.ownerKind, "staff"),
                eq(pushSubscriptions.ownerId, sql`${staffUsers.id}::text`),
                isNull(pushSubscriptions.goneAt),
              ),
            ),
        ),
      ),
    )
    .where(eq(chatClients.clientId, clientId));
  const [conv] = rows;
  if (!conv) return null;
  return {
    userIds: rows.flatMap((r) => (r.staffId ? [r.staffId] : [])),
    name: conversationDisplayName(conv),
  };
}

export async function notifyStaffOfMessage(
  deps: { db: Db; push: PushService },
  message: ChatMessageView,
): Promise<SendReport | null> {
  if (message.sender !== "client") return null;
  const who = await staffRecipients(deps.db, message.clientId);
  if (!who || who.userIds.length === 0) return null;
  const payload: PushPayload = {
    title: who.name,
    body: notificationPreview(message.message, message.imageUrl),
    url: `/admin/chat?c=${encodeURIComponent(message.clientId)}`,
    tag: `chat:${message.clientId}`,
  };
  return deps.push.notify("staff", who.userIds, `chat:${message.id}`, payload);
}

/** The notification key of an order's current status: reaching it again later does not repeat it. */
export const orderStatusKey = (o: Pick<PublicTrackingView, "status" | StatusField>) =>
  `order-status:${o.status}:${o[STATUS_INFO[o.status].field] ?? ""}`;
type StatusField = (typeof STATUS_INFO)[keyof typeof STATUS_INFO]["field"];

const orderPayload = (order: PublicTrackingView, title: string, body: string) => ({
  title: `Pedido ${order.trackingNumber}: ${title}`,
  body,
  url: trackingPath(order.trackingNumber),
  tag: `order:${order.trackingNumber}`,
});

/**
 * A new status: its description, or the note and place staff wrote with the change
 * ('Llegó a Managua · Managua'), so the customer reads what the tracking page shows.
 */
export async function notifyOrderStatus(
  deps: { push: PushService },
  order: PublicTrackingView,
): Promise<SendReport> {
  const info = STATUS_INFO[order.status];
  const line = buildTimeline(order).find((e) => e.kind === "status" && e.current);
  const body = line && (line.note || line.place) ? eventLine(line) : statusDescription(order);
  return deps.push.notify(
    "order",
    [order.trackingNumber],
    orderStatusKey(order),
    orderPayload(order, info.label, body),
  );
}

/**
 * An event staff added that is not a new status's own line (a note on its own, or written when
 * going back to a status reached before): notified once, by its id.
 */
export async function notifyOrderEvent(
  deps: { push: PushService },
  order: PublicTrackingView,
  eventId: string,
): Promise<SendReport | null> {
  const line = buildTimeline(order).find((e) => e.kind === "event" && e.key === `event:${eventId}`);
  if (!line) return null;
  const title = line.status ? STATUS_INFO[line.status].label : "Novedad";
  return deps.push.notify(
    "order",
    [order.trackingNumber],
    `order-event:${eventId}`,
    orderPayload(order, title, eventLine(line)),
  );
}
