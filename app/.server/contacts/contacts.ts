import { and, asc, desc, eq, gt, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { ConversationStatus } from "../../lib/chat";
import { TOPICS } from "../../lib/events";
import { audited, changedFields } from "../audit/audit";
import type { Db } from "../db/client";
import type { Tx } from "../db/locks";
import { chatClients, contactKeys, contactMerges, contacts, orders } from "../db/schema";
import type { Deps } from "../deps";
import { ConflictError, InvalidInputError, isUniqueViolation, NotFoundError } from "../errors";
import { hashSecret, newSecret } from "../secrets";

/**
 * Contacts (ADR 0020): a person the shop talks to — a name, a phone in E.164, an e-mail. Made or
 * found when a visitor leaves details (matched by phone, then e-mail); conversations point at
 * their contact, orders too (by `contact_id`, and by the same phone). This is the small API the
 * chat's side panel and the orders screen use.
 */

export type ContactView = { id: string; name: string; phone: string | null; email: string | null };
export type ContactDetails = Omit<ContactView, "id">;

const columns = { id: contacts.id, name: contacts.name, phone: contacts.phone, email: contacts.email };
const snapshotColumns = {
  ...columns,
  claimedPhone: contacts.claimedPhone,
  claimedEmail: contacts.claimedEmail,
  possibleMatchId: contacts.possibleMatchId,
  createdAt: contacts.createdAt,
};

/**
 * A visitor's details as a contact of their own (third round of attacks, finding 2). What a
 * visitor types is a claim, not an identity: a phone or e-mail that is already another contact's
 * is kept as claimed (shown to staff, never used to find orders or conversations) and that
 * contact is named as the possible same person, for staff to merge with one click or not.
 * Nothing existing is renamed or joined by a visitor.
 */
export async function makeClaimedContact(
  tx: Tx | Db,
  d: ContactDetails,
  now = new Date(),
): Promise<ContactView> {
  if (!d.phone && !d.email) throw new InvalidInputError("contact-reachable");
  const [match] = await tx
    .select(columns)
    .from(contacts)
    .where(
      or(
        d.phone ? eq(contacts.phone, d.phone) : undefined,
        d.email ? eq(contacts.email, d.email) : undefined,
      ),
    )
    .orderBy(d.phone ? sql`${contacts.phone} = ${d.phone} desc nulls last` : asc(contacts.createdAt))
    .limit(1);
  const phoneTaken = !!d.phone && (await taken(tx, "phone", d.phone));
  const emailTaken = !!d.email && (await taken(tx, "email", d.email));
  const [made] = await tx
    .insert(contacts)
    .values({
      name: d.name,
      phone: phoneTaken ? null : d.phone,
      email: emailTaken ? null : d.email,
      claimedPhone: phoneTaken ? d.phone : null,
      claimedEmail: emailTaken ? d.email : null,
      possibleMatchId: match?.id ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning(columns);
  if (!made) throw new Error("contact insert returned nothing");
  return made;
}

async function taken(db: Tx | Db, field: "phone" | "email", value: string, except?: string) {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts[field], value), except ? ne(contacts.id, except) : undefined))
    .limit(1);
  return !!row;
}

/**
 * A key for the browser that made this contact (its details, or its claim): its later
 * conversations join the same contact. Only ever handed to that browser.
 */
export async function issueContactKey(tx: Tx | Db, contactId: string): Promise<string> {
  const key = newSecret();
  await tx.insert(contactKeys).values({ hash: hashSecret(key), contactId });
  return key;
}

/**
 * The contact a browser's key stands for, as a scalar subquery (null for an unknown or missing
 * key): a new conversation reads it inside the statement that creates it (chat/visitor.ts).
 */
export function contactIdForKey(key: string | null | undefined): SQL {
  if (!key || key.length > 100) return sql`null::uuid`;
  return sql`(select ${contactKeys.contactId} from ${contactKeys} where ${contactKeys.hash} = ${hashSecret(key)} limit 1)`;
}

/** The person behind a conversation, or null when they left no details (yet). */
export async function contactForConversation(db: Db, clientId: string): Promise<ContactView | null> {
  const [row] = await db
    .select(columns)
    .from(chatClients)
    .innerJoin(contacts, eq(contacts.id, chatClients.contactId))
    .where(eq(chatClients.clientId, clientId))
    .limit(1);
  return row ?? null;
}

export type ContactConversation = {
  clientId: string;
  customName: string | null;
  visitorNumber: number;
  status: ConversationStatus;
  createdAt: string;
  lastActive: string;
};

/** A contact's conversations, newest activity first (the side panel's 'Conversaciones anteriores'). */
export async function contactConversations(
  db: Db,
  contactId: string,
  limit = 20,
): Promise<ContactConversation[]> {
  const rows = await db
    .select({
      clientId: chatClients.clientId,
      customName: chatClients.customName,
      visitorNumber: chatClients.visitorNumber,
      status: chatClients.status,
      createdAt: chatClients.createdAt,
      lastActive: chatClients.lastActive,
    })
    .from(chatClients)
    .where(and(eq(chatClients.contactId, contactId), eq(chatClients.isArchived, false)))
    .orderBy(desc(chatClients.lastActive))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    lastActive: r.lastActive.toISOString(),
  }));
}

export type ContactOrder = {
  id: string;
  trackingNumber: string;
  status: (typeof orders.$inferSelect)["status"];
  orderDescription: string;
  createdAt: string;
};

/** A contact's orders: those that name the contact and those with the contact's phone, newest first. */
export async function contactOrders(
  db: Db,
  contact: Pick<ContactView, "id" | "phone">,
  limit = 20,
): Promise<ContactOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      trackingNumber: orders.trackingNumber,
      status: orders.status,
      orderDescription: orders.orderDescription,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(
      or(
        eq(orders.contactId, contact.id),
        contact.phone ? eq(orders.customerPhone, contact.phone) : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Contacts whose name, phone digits or e-mail contain `q` (the merge picker), at most 10. */
export async function searchContacts(db: Db, q: string, except?: string): Promise<ContactView[]> {
  const needle = q.trim().slice(0, 80);
  if (needle.length < 2) return [];
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = needle.replace(/\D/g, "");
  const match: SQL[] = [ilike(contacts.name, pattern), ilike(contacts.email, pattern)];
  if (digits.length >= 3) match.push(ilike(contacts.phone, `%${digits}%`));
  return db
    .select(columns)
    .from(contacts)
    .where(and(or(...match), except ? ne(contacts.id, except) : undefined))
    .orderBy(asc(contacts.name))
    .limit(10);
}

/** Staff correct a contact (name, phone, e-mail); a phone or e-mail of another contact is refused. */
export async function updateContact(deps: Deps, id: string, d: ContactDetails, now = new Date()) {
  if (!d.phone && !d.email) throw new InvalidInputError("contact-reachable");
  const row = await audited(deps.db, deps.actor ?? null, async (tx) => {
    const [before] = await tx.select(columns).from(contacts).where(eq(contacts.id, id)).for("update");
    if (!before) throw new NotFoundError("contact");
    if (d.phone && (await taken(tx, "phone", d.phone, id))) throw new ConflictError("contact-phone-taken");
    if (d.email && (await taken(tx, "email", d.email, id))) throw new ConflictError("contact-email-taken");
    const [after] = await tx
      .update(contacts)
      .set({ ...d, updatedAt: now })
      .where(eq(contacts.id, id))
      .returning(columns);
    if (!after) throw new NotFoundError("contact");
    const changes = changedFields(before, after, ["name", "phone", "email"]);
    return {
      result: after,
      audit: { action: "contact.updated" as const, entityId: id, target: after.name, changes },
    };
  }).catch((err) => {
    throw isUniqueViolation(err) ? new ConflictError("contact-phone-taken") : err;
  });
  await deps.bus.publish(TOPICS.staff, "chat.contact", { contactId: id });
  return row;
}

/**
 * Two records of one person become one: `goneId`'s conversations, orders and browser keys move to
 * `keepId`, which takes the phone or e-mail it lacked; `goneId` is deleted. What moved is kept
 * (contact_merges) so staff can undo it (undoMerge).
 */
export async function mergeContacts(deps: Deps, keepId: string, goneId: string, now = new Date()) {
  if (keepId === goneId) throw new InvalidInputError("contact-same");
  const kept = await audited(deps.db, deps.actor ?? null, async (tx) => {
    const both = await tx
      .select(snapshotColumns)
      .from(contacts)
      .where(inArray(contacts.id, [keepId, goneId]))
      .for("update");
    const keep = both.find((c) => c.id === keepId);
    const gone = both.find((c) => c.id === goneId);
    if (!keep || !gone) throw new NotFoundError("contact");
    const moved = {
      clientIds: (
        await tx
          .update(chatClients)
          .set({ contactId: keepId })
          .where(eq(chatClients.contactId, goneId))
          .returning({ id: chatClients.clientId })
      ).map((r) => r.id),
      orderIds: (
        await tx
          .update(orders)
          .set({ contactId: keepId })
          .where(eq(orders.contactId, goneId))
          .returning({ id: orders.id })
      ).map((r) => r.id),
      keyHashes: (
        await tx
          .update(contactKeys)
          .set({ contactId: keepId })
          .where(eq(contactKeys.contactId, goneId))
          .returning({ hash: contactKeys.hash })
      ).map((r) => r.hash),
    };
    const took = { phone: keep.phone ? null : gone.phone, email: keep.email ? null : gone.email };
    await tx.delete(contacts).where(eq(contacts.id, goneId));
    const [after] = await tx
      .update(contacts)
      .set({ phone: keep.phone ?? gone.phone, email: keep.email ?? gone.email, updatedAt: now })
      .where(eq(contacts.id, keepId))
      .returning(columns);
    if (!after) throw new NotFoundError("contact");
    await tx.insert(contactMerges).values({
      keptId: keepId,
      gone: { ...gone, createdAt: gone.createdAt.toISOString() },
      moved,
      took,
      createdAt: now,
    });
    const changes = { merged: gone.name, phone: gone.phone, email: gone.email };
    return {
      result: after,
      audit: { action: "contact.merged" as const, entityId: keepId, target: after.name, changes },
    };
  });
  await deps.bus.publish(TOPICS.staff, "chat.contact", { contactId: keepId });
  return kept;
}

/**
 * Undoes a merge: the contact that went comes back as it was (same id, name, details and claim),
 * with the conversations, orders and browser keys that moved from it and are still on the kept
 * contact; the kept contact gives back the phone or e-mail it took. Once only.
 */
export async function undoMerge(deps: Deps, mergeId: string, now = new Date()) {
  const restored = await audited(deps.db, deps.actor ?? null, async (tx) => {
    const [merge] = await tx.select().from(contactMerges).where(eq(contactMerges.id, mergeId)).for("update");
    if (!merge || merge.undoneAt) throw new NotFoundError("contact-merge");
    const [keep] = await tx.select(columns).from(contacts).where(eq(contacts.id, merge.keptId)).for("update");
    if (!keep) throw new NotFoundError("contact");
    const { gone, moved, took } = merge;
    await tx
      .update(contacts)
      .set({
        phone: took.phone && keep.phone === took.phone ? null : keep.phone,
        email: took.email && keep.email === took.email ? null : keep.email,
        updatedAt: now,
      })
      .where(eq(contacts.id, keep.id));
    await tx.insert(contacts).values({ ...gone, createdAt: new Date(gone.createdAt), updatedAt: now });
    if (moved.clientIds.length > 0)
      await tx
        .update(chatClients)
        .set({ contactId: gone.id })
        .where(and(inArray(chatClients.clientId, moved.clientIds), eq(chatClients.contactId, keep.id)));
    if (moved.orderIds.length > 0)
      await tx
        .update(orders)
        .set({ contactId: gone.id })
        .where(and(inArray(orders.id, moved.orderIds), eq(orders.contactId, keep.id)));
    if (moved.keyHashes.length > 0)
      await tx
        .update(contactKeys)
        .set({ contactId: gone.id })
        .where(and(inArray(contactKeys.hash, moved.keyHashes), eq(contactKeys.contactId, keep.id)));
    await tx.update(contactMerges).set({ undoneAt: now }).where(eq(contactMerges.id, mergeId));
    return {
      result: { keptId: keep.id, restoredId: gone.id },
      audit: {
        action: "contact.unmerged" as const,
        entityId: gone.id,
        target: gone.name,
        changes: { from: keep.name },
      },
    };
  });
  await deps.bus.publishAll([
    { topic: TOPICS.staff, type: "chat.contact", payload: { contactId: restored.keptId } },
    { topic: TOPICS.staff, type: "chat.contact", payload: { contactId: restored.restoredId } },
  ]);
  return restored;
}

export type ContactMergeView = { id: string; goneName: string; createdAt: string };

/** The merges into a contact staff may still undo (newest first, the last 30 days). */
export async function undoableMerges(db: Db, keptId: string, now = new Date()): Promise<ContactMergeView[]> {
  const rows = await db
    .select({ id: contactMerges.id, gone: contactMerges.gone, createdAt: contactMerges.createdAt })
    .from(contactMerges)
    .where(
      and(
        eq(contactMerges.keptId, keptId),
        isNull(contactMerges.undoneAt),
        gt(contactMerges.createdAt, new Date(now.getTime() - 30 * 24 * 3600_000)),
      ),
    )
    .orderBy(desc(contactMerges.createdAt))
    .limit(5);
  return rows.map((r) => ({ id: r.id, goneName: r.gone.name, createdAt: r.createdAt.toISOString() }));
}

export type ContactClaim = {
  phone: string | null;
  email: string | null;
  /** The contact those details belong to, and which of them it shares. */
  match: (ContactView & { same: ("phone" | "email")[] }) | null;
};

/** What a contact's visitor claimed that belongs to another contact, or null. */
export async function contactClaim(db: Db, contactId: string): Promise<ContactClaim | null> {
  const [row] = await db
    .select({
      phone: contacts.claimedPhone,
      email: contacts.claimedEmail,
      matchId: contacts.possibleMatchId,
    })
    .from(contacts)
    .where(eq(contacts.id, contactId));
  if (!row || (!row.phone && !row.email && !row.matchId)) return null;
  const [match] = row.matchId
    ? await db.select(columns).from(contacts).where(eq(contacts.id, row.matchId))
    : [];
  const same = match
    ? (["phone", "email"] as const).filter((f) => row[f] !== null && match[f] === row[f])
    : [];
  return { phone: row.phone, email: row.email, match: match && same.length > 0 ? { ...match, same } : null };
}
