import { and, asc, eq, gt, inArray, isNull, lt, ne, or } from "drizzle-orm";
import {
  type AgentStatus,
  DEFAULT_RESPONSE_TIME,
  LEAVE_GRACE_MS,
  PRESENCE_TTL_MS,
  type PresenceView,
  REPLY_PRESENCE_MS,
} from "../../lib/chat";
import type { AgentStatusValues } from "../../lib/chat-forms";
import { recordAudit } from "../audit/audit";
import type { Db } from "../db/client";
import { chatAgentStatus, chatAgents } from "../db/schema";
import { NotFoundError } from "../errors";
import type { Logger } from "../logger";
import { type ChatDeps, PRESENCE_TOPIC, STAFF_TOPIC } from "./events";

/** Agents, their chosen status (docs/product.md §4.3) and their presence: online only while a staff tab beats. */

export type AgentView = {
  id: string;
  userId: string;
  name: string;
  avatarUrl: string | null;
  /** Stored flag: the status is 'online' and the agent's tab was last heard within the TTL. */
  isOnline: boolean;
  lastSeen: string | null;
  status: AgentStatus;
  /** What others see: the chosen status while the tab is there, 'offline' once it went away. */
  presence: AgentStatus;
  estimatedResponseTime: string;
  statusMessage: string | null;
};

const fresh = (lastSeen: Date | null, now: Date) =>
  !!lastSeen && now.getTime() - lastSeen.getTime() < PRESENCE_TTL_MS;

export async function listAgents(db: Db, now = new Date()): Promise<AgentView[]> {
  const rows = await db
    .select({
      id: chatAgents.id,
      userId: chatAgents.userId,
      name: chatAgents.name,
      avatarUrl: chatAgents.avatarUrl,
      isOnline: chatAgents.isOnline,
      lastSeen: chatAgents.lastSeen,
      status: chatAgentStatus.status,
      estimatedResponseTime: chatAgentStatus.estimatedResponseTime,
      statusMessage: chatAgentStatus.statusMessage,
    })
    .from(chatAgents)
    .leftJoin(chatAgentStatus, eq(chatAgentStatus.agentId, chatAgents.id))
    .orderBy(asc(chatAgents.name));
  return rows.map((r) => {
    const status = r.status ?? "offline";
    const here = fresh(r.lastSeen, now);
    return {
      id: r.id,
      userId: r.userId,
      name: r.name,
      avatarUrl: r.avatarUrl,
      isOnline: r.isOnline && here,
      lastSeen: r.lastSeen?.toISOString() ?? null,
      status,
      presence: here ? status : "offline",
      estimatedResponseTime: r.estimatedResponseTime ?? DEFAULT_RESPONSE_TIME,
      statusMessage: r.statusMessage ?? null,
    };
  });
}

/** docs/product.md §4.3: the signed-in staff member's agent record, created offline on first visit. */
export async function ensureAgent(deps: ChatDeps, user: { id: string; name: string }): Promise<AgentView> {
  const id = await ensureAgentId(deps, user);
  const view = (await listAgents(deps.db)).find((a) => a.id === id);
  if (!view) throw new Error("agent record missing");
  return view;
}

/**
 * The id of the staff member's agent record, created offline (with its status row) on first
 * visit. Every inbox load asks: when both rows exist, one read and nothing written.
 */
export async function ensureAgentId(deps: ChatDeps, user: { id: string; name: string }): Promise<string> {
  const [known] = await deps.db
    .select({ id: chatAgents.id, statusOf: chatAgentStatus.agentId })
    .from(chatAgents)
    .leftJoin(chatAgentStatus, eq(chatAgentStatus.agentId, chatAgents.id))
    .where(eq(chatAgents.userId, user.id))
    .limit(1);
  if (known?.statusOf) return known.id;
  const made = await deps.db
    .insert(chatAgents)
    .values({ userId: user.id, name: user.name, isOnline: false })
    .onConflictDoNothing()
    .returning({ id: chatAgents.id });
  const [agent] = await deps.db
    .select({ id: chatAgents.id })
    .from(chatAgents)
    .where(eq(chatAgents.userId, user.id))
    .limit(1);
  if (!agent) throw new Error("agent record missing after insert");
  await deps.db
    .insert(chatAgentStatus)
    .values({ agentId: agent.id, status: "offline", estimatedResponseTime: DEFAULT_RESPONSE_TIME })
    .onConflictDoNothing();
  if (made.length > 0) await deps.bus.publish(STAFF_TOPIC, "chat.agent", { id: agent.id });
  return agent.id;
}

/** The signed-in user's agent id, creating the record on first use. */
export async function agentFor(deps: ChatDeps, user: { id: string; name: string }) {
  const [row] = await deps.db
    .select({ id: chatAgents.id, name: chatAgents.name })
    .from(chatAgents)
    .where(eq(chatAgents.userId, user.id))
    .limit(1);
  if (row) return row;
  const made = await ensureAgent(deps, user);
  return { id: made.id, name: made.name };
}

/** Names of the agents a visitor may see as online right now. */
export async function onlineAgents(db: Db, now = new Date()): Promise<PresenceView> {
  const rows = await db
    .select({ id: chatAgents.id, name: chatAgents.name })
    .from(chatAgents)
    .leftJoin(chatAgentStatus, eq(chatAgentStatus.agentId, chatAgents.id))
    .where(
      and(
        eq(chatAgents.isOnline, true),
        gt(chatAgents.lastSeen, new Date(now.getTime() - PRESENCE_TTL_MS)),
        or(eq(chatAgentStatus.status, "online"), repliedSince(now)),
      ),
    )
    .orderBy(asc(chatAgents.name));
  return { agents: rows };
}

/** The agent replied to a visitor recently enough to count as online (their tab permitting). */
const repliedSince = (now: Date) => gt(chatAgents.repliedAt, new Date(now.getTime() - REPLY_PRESENCE_MS));
const repliedRecently = (repliedAt: Date | null, now: Date) =>
  !!repliedAt && now.getTime() - repliedAt.getTime() < REPLY_PRESENCE_MS;

async function announcePresence(deps: ChatDeps, agentId: string, now = new Date()) {
  await deps.bus.publish(PRESENCE_TOPIC, "chat.presence", await onlineAgents(deps.db, now));
  await deps.bus.publish(STAFF_TOPIC, "chat.agent", { id: agentId });
}

/** Choosing a status sets is_online only for 'online'; every update refreshes last_seen (docs/product.md §4.3). */
export async function updateAgentStatus(
  deps: ChatDeps,
  agentId: string,
  data: AgentStatusValues,
  now = new Date(),
) {
  const updated = await deps.db.transaction(async (tx) => {
    await recordAudit(tx, deps.actor ?? null, {
      action: "agent.status",
      entityId: agentId,
      changes: { status: data.status },
    });
    await tx
      .insert(chatAgentStatus)
      .values({ agentId, ...data, updatedAt: now })
      .onConflictDoUpdate({ target: chatAgentStatus.agentId, set: { ...data, updatedAt: now } });
    return (
      tx
        .update(chatAgents)
        // A status chosen now outweighs an earlier reply: 'away' means offline at once.
        .set({ isOnline: data.status === "online", lastSeen: now, repliedAt: null })
        .where(eq(chatAgents.id, agentId))
        .returning({ id: chatAgents.id })
    );
  });
  if (updated.length === 0) throw new NotFoundError("agent");
  await announcePresence(deps, agentId, now);
}

/** A staff tab is still open: refresh last_seen; announce only when what visitors see changes. */
export async function heartbeat(deps: ChatDeps, agentId: string, now = new Date()): Promise<void> {
  const [row] = await deps.db
    .select({
      isOnline: chatAgents.isOnline,
      lastSeen: chatAgents.lastSeen,
      repliedAt: chatAgents.repliedAt,
      status: chatAgentStatus.status,
    })
    .from(chatAgents)
    .leftJoin(chatAgentStatus, eq(chatAgentStatus.agentId, chatAgents.id))
    .where(eq(chatAgents.id, agentId))
    .limit(1);
  if (!row) throw new NotFoundError("agent");
  const wasVisible = row.isOnline && fresh(row.lastSeen, now);
  const online = row.status === "online" || repliedRecently(row.repliedAt, now);
  await deps.db.update(chatAgents).set({ isOnline: online, lastSeen: now }).where(eq(chatAgents.id, agentId));
  if (wasVisible !== online) await announcePresence(deps, agentId, now);
}

/**
 * A tab is closing. The agent may have other inbox tabs open, so they are not taken offline at
 * once (visitors would see them flicker offline until the next beat): their last beat is moved
 * back so that, unless another tab beats within LEAVE_GRACE_MS, the sweeper takes them offline
 * (ADR 0013). Choosing 'away' or signing out is immediate.
 */
export async function leave(deps: ChatDeps, agentId: string, now = new Date()): Promise<void> {
  const expiresAt = new Date(now.getTime() - PRESENCE_TTL_MS + LEAVE_GRACE_MS);
  await deps.db
    .update(chatAgents)
    .set({ lastSeen: expiresAt })
    .where(
      and(eq(chatAgents.id, agentId), or(isNull(chatAgents.lastSeen), gt(chatAgents.lastSeen, expiresAt))),
    );
}

/**
 * A staff reply (chat/staff.ts) proves the agent is there: they show online to visitors for
 * REPLY_PRESENCE_MS while their tab keeps beating, whatever status they chose.
 */
export async function noteReply(deps: ChatDeps, agentId: string, now = new Date()): Promise<void> {
  // One statement: the update answers the agent's presence as it was before it.
  const before = deps.db
    .select({ isOnline: chatAgents.isOnline, lastSeen: chatAgents.lastSeen })
    .from(chatAgents)
    .where(eq(chatAgents.id, agentId))
    .as("before_reply");
  const [was] = await deps.db
    .update(chatAgents)
    .set({ isOnline: true, lastSeen: now, repliedAt: now })
    .from(before)
    .where(eq(chatAgents.id, agentId))
    .returning({ isOnline: before.isOnline, lastSeen: before.lastSeen });
  if (was && !(was.isOnline && fresh(was.lastSeen, now))) await announcePresence(deps, agentId, now);
}

/**
 * A staff member signs out (or is deactivated): visitors stop seeing them online at once, not
 * when their presence expires. Another open tab of theirs puts them back with its next beat.
 */
export async function signOffAgent(deps: ChatDeps, userId: string): Promise<void> {
  const gone = await deps.db
    .update(chatAgents)
    .set({ isOnline: false })
    .where(and(eq(chatAgents.userId, userId), eq(chatAgents.isOnline, true)))
    .returning({ id: chatAgents.id });
  for (const { id } of gone) await announcePresence(deps, id);
}

/** Agents whose tab stopped beating go offline; the update is atomic, so one instance announces. */
export async function sweepPresence(deps: ChatDeps, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - PRESENCE_TTL_MS);
  const replyCutoff = new Date(now.getTime() - REPLY_PRESENCE_MS);
  // Online only by a reply (status not 'online') and that reply is too old.
  const notOnlineByStatus = deps.db
    .select({ id: chatAgentStatus.agentId })
    .from(chatAgentStatus)
    .where(ne(chatAgentStatus.status, "online"));
  const gone = await deps.db
    .update(chatAgents)
    .set({ isOnline: false })
    .where(
      and(
        eq(chatAgents.isOnline, true),
        or(
          isNull(chatAgents.lastSeen),
          lt(chatAgents.lastSeen, cutoff),
          and(
            inArray(chatAgents.id, notOnlineByStatus),
            or(isNull(chatAgents.repliedAt), lt(chatAgents.repliedAt, replyCutoff)),
          ),
        ),
      ),
    )
    .returning({ id: chatAgents.id });
  for (const { id } of gone) await announcePresence(deps, id, now);
  return gone.length;
}

export function startPresenceSweeper(deps: ChatDeps & { logger: Logger }, intervalMs = 10_000): () => void {
  const timer = setInterval(() => {
    sweepPresence(deps).catch((err) => deps.logger.warn({ err }, "chat presence sweep failed"));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
