import { and, eq } from "drizzle-orm";
import { displayName } from "../../lib/chat";
import { chatTopic, TOPICS } from "../../lib/events";
import { audited, recordAudit } from "../audit/audit";
import type { Db } from "../db/client";
import { chatAgents, chatClients, chatConversationAssignments, contacts } from "../db/schema";
import type { Deps } from "../deps";
import { isUniqueViolation, NotFoundError } from "../errors";
import { conversationState, lockConversation } from "./messages";

export type AssignResult = {
  agentId: string;
  agentName: string;
  assignedAt: string;
  /** The agent it was assigned to before (a reassignment), or null. */
  from: string | null;
  /** False when it already was this agent's: nothing was written. */
  changed: boolean;
};

/**
 * Assignment (docs/product.md §4.3, the spec's assign_conversation_to_agent procedure): one transaction
 * deactivates the active assignment and inserts the new one, so reassigning is one step, audited
 * as such (from → to); assigning it to whoever has it already changes nothing. Locking the
 * conversation row makes concurrent assigns queue up; the partial unique index guarantees,
 * whatever happens, at most one active assignment per conversation.
 */
export async function assignConversation(
  deps: Deps,
  clientId: string,
  agentId: string,
  now = new Date(),
): Promise<AssignResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await deps.db.transaction(async (tx): Promise<AssignResult> => {
        await lockConversation(tx, clientId);
        const [agent] = await tx
          .select({ id: chatAgents.id, name: chatAgents.name })
          .from(chatAgents)
          .where(eq(chatAgents.id, agentId))
          .limit(1);
        if (!agent) throw new NotFoundError("agent");
        const [current] = await tx
          .select({
            agentId: chatConversationAssignments.agentId,
            name: chatAgents.name,
            assignedAt: chatConversationAssignments.assignedAt,
          })
          .from(chatConversationAssignments)
          .innerJoin(chatAgents, eq(chatAgents.id, chatConversationAssignments.agentId))
          .where(
            and(
              eq(chatConversationAssignments.clientId, clientId),
              eq(chatConversationAssignments.isActive, true),
            ),
          )
          .limit(1);
        if (current?.agentId === agent.id) {
          const assignedAt = current.assignedAt.toISOString();
          return { agentId: agent.id, agentName: agent.name, assignedAt, from: null, changed: false };
        }
        await tx
          .update(chatConversationAssignments)
          .set({ isActive: false })
          .where(
            and(
              eq(chatConversationAssignments.clientId, clientId),
              eq(chatConversationAssignments.isActive, true),
            ),
          );
        await tx
          .insert(chatConversationAssignments)
          .values({ clientId, agentId, isActive: true, assignedAt: now });
        await recordAudit(tx, deps.actor ?? null, {
          action: current ? "conversation.reassigned" : "conversation.assigned",
          ...(await aboutConversation(tx, clientId)),
          changes: { agent: current ? [current.name, agent.name] : agent.name },
        });
        const from = current?.name ?? null;
        return {
          agentId: agent.id,
          agentName: agent.name,
          assignedAt: now.toISOString(),
          from,
          changed: true,
        };
      });
      if (result.changed) await announce(deps, clientId);
      return result;
    } catch (err) {
      // Only possible if something bypassed the row lock: the database refused a second
      // active row. Try again on top of the winner.
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
}

/** 'Desasignar': the active assignment becomes inactive (docs/product.md §4.3). */
export async function unassignConversation(deps: Deps, clientId: string): Promise<boolean> {
  const done = await audited(deps.db, deps.actor ?? null, async (tx) => {
    const rows = await tx
      .update(chatConversationAssignments)
      .set({ isActive: false })
      .where(
        and(
          eq(chatConversationAssignments.clientId, clientId),
          eq(chatConversationAssignments.isActive, true),
        ),
      )
      .returning({ id: chatConversationAssignments.id });
    const audit =
      rows.length > 0
        ? { action: "conversation.unassigned" as const, ...(await aboutConversation(tx, clientId)) }
        : null;
    return { result: rows, audit };
  });
  if (done.length > 0) await announce(deps, clientId);
  return done.length > 0;
}

async function announce(deps: Deps, clientId: string) {
  await deps.bus.publish(TOPICS.staff, "chat.client", { clientId, action: "updated" });
  // The widget header names the assigned agent when online.
  const state = await conversationState(deps.db, clientId);
  if (state) await deps.bus.publish(chatTopic(clientId), "chat.state", state);
}

/** The audit log's reference of a conversation: its id, and the name staff see (never the session id). */
async function aboutConversation(db: Db, clientId: string) {
  const [c] = await db
    .select({
      customName: chatClients.customName,
      contactName: contacts.name,
      visitorNumber: chatClients.visitorNumber,
    })
    .from(chatClients)
    .leftJoin(contacts, eq(contacts.id, chatClients.contactId))
    .where(eq(chatClients.clientId, clientId));
  return { entityId: clientId, target: c ? displayName(c) : null };
}
