import { asc, eq } from "drizzle-orm";
import type { SavedReplyValues } from "../../lib/chat-forms";
import { audited, changedFields, type WithActor } from "../audit/audit";
import type { Db } from "../db/client";
import { chatSavedReplies } from "../db/schema";
import { NotFoundError } from "../errors";

/**
 * Saved replies (docs/product.md §3.3): short answers staff insert into the reply box with '/'
 * or the picker; admins add, edit and delete them (the routes check the role), audited.
 */

export type SavedReply = { id: string; title: string; body: string };
export type SavedReplyDeps = { db: Db } & WithActor;

const columns = { id: chatSavedReplies.id, title: chatSavedReplies.title, body: chatSavedReplies.body };

/** Every saved reply, by title (a short list: the picker filters it in the browser). */
export async function listSavedReplies(db: Db): Promise<SavedReply[]> {
  return db
    .select(columns)
    .from(chatSavedReplies)
    .orderBy(asc(chatSavedReplies.title), asc(chatSavedReplies.id));
}

const about = (r: SavedReply) => ({ entityId: r.id, target: r.title });

export async function createSavedReply(deps: SavedReplyDeps, v: SavedReplyValues): Promise<SavedReply> {
  return audited(deps.db, deps.actor ?? null, async (tx) => {
    const [row] = await tx
      .insert(chatSavedReplies)
      .values({ title: v.title, body: v.body })
      .returning(columns);
    if (!row) throw new Error("saved reply insert returned nothing");
    return {
      result: row,
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
  return audited(deps.db, deps.actor ?? null, async (tx) => {
    const [before] = await tx
      .select(columns)
      .from(chatSavedReplies)
      .where(eq(chatSavedReplies.id, id))
      .for("update");
    if (!before) throw new NotFoundError("saved-reply");
    const [row] = await tx
      .update(chatSavedReplies)
      .set({ title: v.title, body: v.body, updatedAt: now })
      .where(eq(chatSavedReplies.id, id))
      .returning(columns);
    if (!row) throw new NotFoundError("saved-reply");
    return {
      result: row,
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
    const [gone] = await tx.delete(chatSavedReplies).where(eq(chatSavedReplies.id, id)).returning(columns);
    if (!gone) throw new NotFoundError("saved-reply");
    return { result: null, audit: { action: "saved-reply.deleted", ...about(gone) } };
  });
}
