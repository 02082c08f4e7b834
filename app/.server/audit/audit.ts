import { and, count, desc, eq, gte, inArray, like, lt, type SQL } from "drizzle-orm";
import type { AuditAction, AuditKind } from "../../lib/audit";
import type { AuditLookups } from "../../lib/audit-entries";
import { displayName } from "../../lib/chat";
import { isUuid } from "../../lib/ids";
import type { Db } from "../db/client";
import { auditLog, chatAgents, chatClients, contacts } from "../db/schema";

/**
 * The audit log (docs/product.md §3.9): who changed what and when. A domain function that changes
 * data writes its row with `audited`, in the same transaction as the change, so a change that
 * fails leaves no row and a change never goes unrecorded.
 */

/**
 * Who acts: a staff member (the request's user), someone not signed in (a failed sign-in: no id,
 * only the address), or null for the system (seeds, the command line).
 */
export type Actor = { id: string | null; name: string | null; ip?: string } | null;

export type AuditEntry = {
  action: AuditAction;
  entityId?: string | null;
  /** What the record is called for people (a product's name, a tracking number, an e-mail). */
  target?: string | null;
  /** The fields that changed ([from, to] each), or the values of a created or deleted record. */
  changes?: Record<string, unknown> | null;
};

/** Fields never written to the log, whatever a caller passes. */
const SECRET = /password|hash|token|secret/i;

function clean(changes: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!changes) return null;
  const out = Object.fromEntries(Object.entries(changes).filter(([k]) => !SECRET.test(k)));
  return Object.keys(out).length > 0 ? out : null;
}

export async function recordAudit(db: Db, actor: Actor, entry: AuditEntry | AuditEntry[]): Promise<void> {
  const entries = Array.isArray(entry) ? entry : [entry];
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((e) => ({
      actorId: actor?.id ?? null,
      actorName: actor?.name ?? null,
      action: e.action,
      entityId: e.entityId ?? null,
      target: e.target?.slice(0, 300) ?? null,
      changes: clean(e.changes),
      ip: actor?.ip?.slice(0, 100) ?? null,
    })),
  );
}

/**
 * Runs `work` in a transaction and writes the audit entries it returns in the same transaction.
 * `work` gets the transaction as its database.
 */
export async function audited<T>(
  db: Db,
  actor: Actor,
  work: (tx: Db) => Promise<{ result: T; audit: AuditEntry | AuditEntry[] | null }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { result, audit } = await work(tx);
    if (audit) await recordAudit(tx, actor, audit);
    return result;
  });
}

/** The fields of `keys` whose value differs, as { field: [before, after] }. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  keys: readonly (keyof T & string)[],
): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const k of keys) {
    if (!(k in after)) continue;
    const a = before[k] instanceof Date ? (before[k] as Date).toISOString() : (before[k] ?? null);
    const bRaw = after[k];
    const b = bRaw instanceof Date ? bRaw.toISOString() : (bRaw ?? null);
    if (JSON.stringify(a) !== JSON.stringify(b)) out[k] = [a, b];
  }
  return out;
}

export type AuditFilter = {
  actorId?: string;
  kind?: AuditKind;
  /** Inclusive start and exclusive end. */
  from?: Date;
  to?: Date;
};

export type AuditRow = {
  id: number;
  at: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  entityId: string | null;
  target: string | null;
  changes: Record<string, unknown> | null;
};

/** One page of the log, newest first, with the total for the filter. */
export async function listAudit(
  db: Db,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const where: SQL[] = [];
  if (filter.actorId) where.push(eq(auditLog.actorId, filter.actorId));
  if (filter.kind) where.push(like(auditLog.action, `${filter.kind}.%`));
  if (filter.from) where.push(gte(auditLog.at, filter.from));
  if (filter.to) where.push(lt(auditLog.at, filter.to));
  const cond = where.length > 0 ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        actorId: auditLog.actorId,
        actorName: auditLog.actorName,
        action: auditLog.action,
        entityId: auditLog.entityId,
        target: auditLog.target,
        changes: auditLog.changes,
      })
      .from(auditLog)
      .where(cond)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(auditLog).where(cond),
  ]);
  return { rows: rows.map((r) => ({ ...r, at: r.at.toISOString() })), total: Number(total?.n ?? 0) };
}

/**
 * The names a page of the log shows instead of its ids (app/lib/audit-entries.ts): each
 * conversation as the inbox names it now (staff's rename, the contact's name, 'Visitante 1042'),
 * each agent by name. Only the rows of the page are looked up.
 */
export async function auditNames(
  db: Db,
  rows: readonly Pick<AuditRow, "action" | "entityId">[],
): Promise<Pick<AuditLookups, "conversations" | "agents">> {
  const ids = (kind: string) => [
    ...new Set(
      rows.filter((r) => r.action.startsWith(`${kind}.`) && r.entityId).map((r) => r.entityId as string),
    ),
  ];
  const clientIds = ids("conversation");
  const agentIds = ids("agent").filter(isUuid);
  const [clients, agents] = await Promise.all([
    clientIds.length
      ? db
          .select({
            clientId: chatClients.clientId,
            customName: chatClients.customName,
            contactName: contacts.name,
            visitorNumber: chatClients.visitorNumber,
          })
          .from(chatClients)
          .leftJoin(contacts, eq(contacts.id, chatClients.contactId))
          .where(inArray(chatClients.clientId, clientIds))
      : [],
    agentIds.length
      ? db
          .select({ id: chatAgents.id, name: chatAgents.name })
          .from(chatAgents)
          .where(inArray(chatAgents.id, agentIds))
      : [],
  ]);
  return {
    conversations: Object.fromEntries(clients.map((c) => [c.clientId, displayName(c)])),
    agents: Object.fromEntries(agents.map((a) => [a.id, a.name])),
  };
}

/** Deletes rows older than `days` (AUDIT_RETENTION_DAYS, 180 by default). */
export async function pruneAudit(db: Db, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const gone = await db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  return gone.length;
}

/** Domain dependencies carry who acts; absent means the system. */
export type WithActor = { actor?: Actor };

/** The values of `keys` of a record, for the log of a created or deleted one. */
export function pick<T extends Record<string, unknown>>(row: T, keys: readonly (keyof T & string)[]) {
  return Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));
}

/** The actor of a staff request: its user and client address. */
export function actorOf(user: { id: string; name: string }, ip?: string): Actor {
  return { id: user.id, name: user.name, ip };
}
