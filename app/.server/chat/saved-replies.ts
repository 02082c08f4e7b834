import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { SavedReplyValues } from "../../lib/chat-forms";
import { audited, changedFields, type WithActor } from "../audit/audit";
import type { Db } from "../db/client";
import { chatSavedReplies } from "../db/schema";
import { ForbiddenError, NotFoundError } from "../errors";

/**
 * Saved replies (docs/product.md §3.3): short answers staff insert into the reply box with '/'
 * or the picker. Every staff member keeps their own ('Mías'); the team's are shared and only
 * admins change them (`team`: the caller checked the role). Audited.
 */

export type SavedReply = { id: string; title: string; body: string; mine: boolean };
/** `owner`: who acts; `team`: whether they may change the shared replies. */
export type SavedReplyDeps = { db: Db; owner: string; team: boolean } & WithActor;

const columns = {
  id: chatSavedReplies.id,
  title: chatSavedReplies.title,
  body: chatSavedReplies.body,
  ownerId: chatSavedReplies.ownerId,
};
const toView = (r: { id: string; title: string; body: string; ownerId: string | null }, owner: string) => ({
  id: r.id,
  title: r.title,
  body: r.body,
  mine: r.ownerId === owner,
});

/** The person's own replies and the team's, by title (a short list: the picker filters it in the browser). */
export async function listSavedReplies(db: Db, owner: string): Promise<SavedReply[]> {
  const rows = await db
    .select(columns)
    .from(chatSavedReplies)
    .where(or(isNull(chatSavedReplies.ownerId), eq(chatSavedReplies.ownerId, owner)))
    .orderBy(sql`${chatSavedReplies.ownerId} is null`, asc(chatSavedReplies.title), asc(chatSavedReplies.id));
  return rows.map((r) => toView(r, owner));
}

const about = (r: { id: string; title: string }) => ({ entityId: r.id, target: r.title });

function ownerFor(deps: SavedReplyDeps, scope: SavedReplyValues["scope"]): string | null {
  if (scope === "mine") return deps.owner;
  if (!deps.team) throw new ForbiddenError("replies-team");
  return null;
}

/** The reply as the person may change it: their own, or the team's for admins (else not found / refused). */
async function lockChangeable(tx: Db, deps: SavedReplyDeps, id: string) {
  const [row] = await tx
    .select(columns)
    .from(chatSavedReplies)
    .where(
      and(
        eq(chatSavedReplies.id, id),
        or(isNull(chatSavedReplies.ownerId), eq(chatSavedReplies.ownerId, deps.owner)),
      ),
    )
    .for("update");
  if (!row) throw new NotFoundError("saved-reply");
  if (row.ownerId === null && !deps.team) throw new ForbiddenError("replies-team");
  return row;
}

export async function createSavedReply(deps: SavedReplyDeps, v: SavedReplyValues): Promise<SavedReply> {
  const ownerId = ownerFor(deps, v.scope);
  return audited(deps.db, deps.actor ?? null, async (tx) => {
    const [row] = await tx
      .insert(chatSavedReplies)
      .values({ title: v.title, body: v.body, ownerId })
      .returning(columns);
    if (!row) throw new Error("saved reply insert returned nothing");
    return {
      result: toView(row, deps.owner),
      audit: { action: "saved-reply.created", ...about(row), changes: { title: row.title, body: row.body } },
    };
  });
}

export async function updateSavedReply(
  deps: SavedReplyDeps,
  id: string,
  v: SavedReplyValues,
  now = new Date(),
): Promise<SavedReply> {
  const ownerId = ownerFor(deps, v.scope);
  return audited(deps.db, deps.actor ?? null, async (tx) => {
    const before = await lockChangeable(tx, deps, id);
    const [row] = await tx
      .update(chatSavedReplies)
      .set({ title: v.title, body: v.body, ownerId, updatedAt: now })
      .where(eq(chatSavedReplies.id, id))
      .returning(columns);
    if (!row) throw new NotFoundError("saved-reply");
    return {
      result: toView(row, deps.owner),
      audit: {
        action: "saved-reply.updated",
        ...about(row),
        changes: changedFields(before, row, ["title", "body"]),
      },
    };
  });
}

export async function deleteSavedReply(deps: SavedReplyDeps, id: string): Promise<void> {
  await audited(deps.db, deps.actor ?? null, async (tx) => {
    const row = await lockChangeable(tx, deps, id);
    await tx.delete(chatSavedReplies).where(eq(chatSavedReplies.id, id));
    return { result: null, audit: { action: "saved-reply.deleted", ...about(row) } };
  });
}
