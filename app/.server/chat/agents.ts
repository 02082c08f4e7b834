import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import {
  type AgentStatus,
  DEFAULT_RESPONSE_TIME,
  HEARTBEAT_MS,
  LEAVE_GRACE_MS,
  PRESENCE_TTL_MS,
  type PresenceView,
} from "../../lib/chat";
import type { AgentStatusValues } from "../../lib/chat-forms";
import { TOPICS } from "../../lib/events";
import { recordAudit } from "../audit/audit";
import type { Db } from "../db/client";
import { chatAgentStatus, chatAgents } from "../db/schema";
import type { Deps } from "../deps";
import { NotFoundError } from "../errors";
import type { Logger } from "../logger";

/**
 * Agents, their chosen status and their presence (docs/product.md §4.3, ADR 0020): an agent is
 * online for visitors while they chose 'En línea' and any staff page of theirs is open (every
 * staff page beats); 'Ausente' comes by itself after a while without activity.
 */

export type AgentView = {
  id: string;
  userId: string;
  name: string;
  avatarUrl: string | null;
  /** Visitors see this agent online now. */
  isOnline: boolean;
  lastSeen: string | null;
  /** What the agent chose (or inactivity chose: `autoAway`). */
  status: AgentStatus;
  autoAway: boolean;
  /** What others see: the chosen status while a staff page is open, 'offline' once none is. */
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
      autoAway: chatAgents.autoAway,
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
      isOnline: r.isOnline && here && status === "online",
      lastSeen: r.lastSeen?.toISOString() ?? null,
      status,
      autoAway: r.autoAway,
      presence: here ? status : "offline",
      estimatedResponseTime: r.estimatedResponseTime ?? DEFAULT_RESPONSE_TIME,
      statusMessage: r.statusMessage ?? null,
    };
  });
}

/** The signed-in staff member's agent record, created offline on first visit (docs/product.md §4.3). */
export async function ensureAgent(deps: Deps, user: { id: string; name: string }): Promise<AgentView> {
  const id = await ensureAgentId(deps, user);
  const view = (await listAgents(deps.db)).find((a) => a.id === id);
  if (!view) throw new Error("agent record missing");
  return view;
}

/**
 * The id of the staff member's agent record, created offline (with its status row) on first
 * visit. Every staff page asks: when both rows exist, one read and nothing written.
 */
export async function ensureAgentId(deps: Deps, user: { id: string; name: string }): Promise<string> {
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
  if (made.length > 0) await deps.bus.publish(TOPICS.staff, "chat.agent", { id: agent.id });
  return agent.id;
}

/** The signed-in person's chosen status for the staff header's switch (the record made on first visit). */
export async function ownStatus(deps: Deps, user: { id: string; name: string }) {
  const id = await ensureAgentId(deps, user);
  const [row] = await deps.db
    .select({ status: chatAgentStatus.status, autoAway: chatAgents.autoAway })
    .from(chatAgents)
    .innerJoin(chatAgentStatus, eq(chatAgentStatus.agentId, chatAgents.id))
    .where(eq(chatAgents.id, id))
    .limit(1);
  return { status: row?.status ?? "offline", autoAway: row?.autoAway ?? false };
}

/** The signed-in user's agent id and name, creating the record on first use. */
export async function agentFor(deps: Deps, user: { id: string; name: string }) {
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
    .innerJoin(chatAgentStatus, eq(chatAgentStatus.agentId, chatAgents.id))
    .where(
      and(
        eq(chatAgents.isOnline, true),
        gt(chatAgents.lastSeen, new Date(now.getTime() - PRESENCE_TTL_MS)),
        eq(chatAgentStatus.status, "online"),
      ),
    )
    .orderBy(asc(chatAgents.name));
  return { agents: rows };
}

async function announcePresence(deps: Deps, agentId: string, now = new Date()) {
  await deps.bus.publish(TOPICS.presence, "chat.presence", await onlineAgents(deps.db, now));
  await deps.bus.publish(TOPICS.staff, "chat.agent", { id: agentId });
}

/**
 * 'Estado del Agente' or the header switch: choosing a status sets is_online only for 'online';
 * every update refreshes last_seen (docs/product.md §4.3). A chosen status is never automatic.
 */
export async function updateAgentStatus(
  deps: Deps,
  agentId: string,
  data: Partial<AgentStatusValues> & { status: AgentStatus },
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
    return tx
      .update(chatAgents)
      .set({ isOnline: data.status === "online", lastSeen: now, activeAt: now, autoAway: false })
      .where(eq(chatAgents.id, agentId))
      .returning({ id: chatAgents.id });
  });
  if (updated.length === 0) throw new NotFoundError("agent");
  await announcePresence(deps, agentId, now);
}

/**
 * A staff page is still open: refresh last_seen, and the person's last activity (`idleMs` ago in
 * that tab). Activity after an automatic 'Ausente' brings 'En línea' back. Announces only when
 * what visitors see changes.
 */
export async function heartbeat(deps: Deps, agentId: string, now = new Date(), idleMs = 0): Promise<void> {
  const [row] = await deps.db
    .select({
      isOnline: chatAgents.isOnline,
      lastSeen: chatAgents.lastSeen,
      autoAway: chatAgents.autoAway,
      status: chatAgentStatus.status,
    })
    .from(chatAgents)
    .leftJoin(chatAgentStatus, eq(chatAgentStatus.agentId, chatAgents.id))
    .where(eq(chatAgents.id, agentId))
    .limit(1);
  if (!row) throw new NotFoundError("agent");
  const activeAt = new Date(now.getTime() - Math.max(0, idleMs));
  const back = row.autoAway && row.status === "away" && idleMs < 2 * HEARTBEAT_MS;
  if (back)
    await deps.db
      .update(chatAgentStatus)
      .set({ status: "online", updatedAt: now })
      .where(eq(chatAgentStatus.agentId, agentId));
  const online = row.status === "online" || back;
  const wasVisible = row.isOnline && fresh(row.lastSeen, now) && row.status === "online";
  await deps.db
    .update(chatAgents)
    .set({
      isOnline: online,
      lastSeen: now,
      activeAt: sql`greatest(coalesce(${chatAgents.activeAt}, ${activeAt}), ${activeAt})`,
      ...(back ? { autoAway: false } : {}),
    })
    .where(eq(chatAgents.id, agentId));
  if (wasVisible !== online || back) await announcePresence(deps, agentId, now);
}

/**
 * A tab is closing. The person may have other staff pages open, so they are not taken offline
 * at once (visitors would see them flicker): their last beat is moved back so that, unless
 * another tab beats within LEAVE_GRACE_MS, the sweeper takes them offline (ADR 0013).
 */
export async function leave(deps: Deps, agentId: string, now = new Date()): Promise<void> {
  const expiresAt = new Date(now.getTime() - PRESENCE_TTL_MS + LEAVE_GRACE_MS);
  await deps.db
    .update(chatAgents)
    .set({ lastSeen: expiresAt })
    .where(
      and(eq(chatAgents.id, agentId), or(isNull(chatAgents.lastSeen), gt(chatAgents.lastSeen, expiresAt))),
    );
}

/**
 * A staff member signs out (or is deactivated): visitors stop seeing them online at once, not
 * when their presence expires. Another open tab of theirs puts them back with its next beat.
 */
export async function signOffAgent(deps: Deps, userId: string): Promise<void> {
  const gone = await deps.db
    .update(chatAgents)
    .set({ isOnline: false })
    .where(and(eq(chatAgents.userId, userId), eq(chatAgents.isOnline, true)))
    .returning({ id: chatAgents.id });
  for (const { id } of gone) await announcePresence(deps, id);
}

/**
 * Agents whose pages stopped beating go offline; agents 'En línea' without activity for
 * `awayAfterMs` (0: never) become 'Ausente' by themselves. Each update is atomic, so one
 * instance announces.
 */
export async function sweepPresence(deps: Deps, now = new Date(), awayAfterMs = 0): Promise<number> {
  const gone = await deps.db
    .update(chatAgents)
    .set({ isOnline: false })
    .where(
      and(
        eq(chatAgents.isOnline, true),
        or(isNull(chatAgents.lastSeen), lt(chatAgents.lastSeen, new Date(now.getTime() - PRESENCE_TTL_MS))),
      ),
    )
    .returning({ id: chatAgents.id });
  const idle = awayAfterMs > 0 ? await awayWhenIdle(deps, now, awayAfterMs) : [];
  for (const id of new Set([...gone.map((g) => g.id), ...idle])) await announcePresence(deps, id, now);
  return gone.length + idle.length;
}

/** 'En línea' agents without activity since `awayAfterMs` ago become 'Ausente' (automatic). */
async function awayWhenIdle(deps: Deps, now: Date, awayAfterMs: number): Promise<string[]> {
  const cutoff = new Date(now.getTime() - awayAfterMs);
  const idle = deps.db
    .select({ id: chatAgents.id })
    .from(chatAgents)
    .where(sql`coalesce(${chatAgents.activeAt}, ${chatAgents.lastSeen}) < ${cutoff}`);
  const rows = await deps.db
    .update(chatAgentStatus)
    .set({ status: "away", updatedAt: now })
    .where(and(eq(chatAgentStatus.status, "online"), inArray(chatAgentStatus.agentId, idle)))
    .returning({ id: chatAgentStatus.agentId });
  const ids = rows.map((r) => r.id);
  if (ids.length > 0)
    await deps.db
      .update(chatAgents)
      .set({ autoAway: true, isOnline: false })
      .where(inArray(chatAgents.id, ids));
  return ids;
}

export function startPresenceSweeper(
  deps: Deps & { logger: Logger },
  opts: { intervalMs?: number; awayAfterMs?: number } = {},
): () => void {
  const timer = setInterval(() => {
    sweepPresence(deps, new Date(), opts.awayAfterMs ?? 0).catch((err) =>
      deps.logger.warn({ err }, "chat presence sweep failed"),
    );
  }, opts.intervalMs ?? 10_000);
  timer.unref();
  return () => clearInterval(timer);
}
