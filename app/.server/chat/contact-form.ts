import { generateClientId } from "../../lib/chat";
import type { ContactValues } from "../../lib/contact-forms";
import { TOPICS } from "../../lib/events";
import { chatClients, chatMessages } from "../db/schema";
import type { Deps } from "../deps";
import { enforceRateLimit } from "../ratelimit";
import { messageColumns, toMessageView } from "./messages";
import { excerptOf, noticeShop, type ShopNotices, shopRecipient } from "./shop-notices";

/** Contact-form messages per address per hour. */
export const CONTACT_LIMIT = { limit: 5, windowSeconds: 3600 } as const;

/** The inbox text of a contact-form message: who wrote, how to answer, and what they said. */
export function contactInboxText(v: ContactValues): string {
  return [
    "📨 Formulario de contacto",
    `Nombre: ${v.firstName} ${v.lastName}`,
    `Email: ${v.email}`,
    `Teléfono: ${v.phone ?? "No proporcionado"}`,
    "",
    v.message,
  ].join("\n");
}

/**
 * Delivers a contact-form message into the staff inbox as a new conversation (named after the
 * visitor), so it is never lost when the visitor's phone has no mail app. The visitor holds no
 * secret for it: staff answer by e-mail or phone. Rate-limited per address. While nobody of the
 * team is online, the shop's notice by e-mail is queued in the same transaction (shop-notices.ts).
 */
export async function deliverContactMessage(
  deps: Deps & { notices?: ShopNotices },
  values: ContactValues,
  opts: { ip: string; now?: Date },
): Promise<{ clientId: string }> {
  const { db, notices } = deps;
  const now = opts.now ?? new Date();
  await enforceRateLimit(db, "contact-address", opts.ip, { ...CONTACT_LIMIT, now });
  const clientId = generateClientId(now.getTime());
  const name = `${values.firstName} ${values.lastName}`.slice(0, 100);
  const shop = notices ? await shopRecipient(db, notices, now) : null;
  const row = await db.transaction(async (tx) => {
    await tx.insert(chatClients).values({
      clientId,
      clientName: name,
      customName: `${name} (formulario)`.slice(0, 120),
      lastActive: now,
      createdAt: now,
      unreadCount: 1,
    });
    const [inserted] = await tx
      .insert(chatMessages)
      .values({ clientId, sender: "client", message: contactInboxText(values), timestamp: now })
      .returning(messageColumns);
    if (!inserted) throw new Error("message insert returned nothing");
    if (shop) {
      const excerpt = excerptOf(values.message);
      await noticeShop(tx, shop, { clientId, what: "contact", name, excerpt, at: now });
    }
    return inserted;
  });
  if (shop) notices?.kick();
  await deps.bus.publish(TOPICS.staff, "chat.message", {
    message: toMessageView(row, { forVisitor: false }),
    created: true,
  });
  return { clientId };
}
