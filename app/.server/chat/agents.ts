import { and, asc, eq, gt, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import {
  type AgentStatus,
  DEFAULT_RESPONSE_TIME,
  LEAVE_GRACE_MS,
  PRESENCE_TTL_MS,
  type PresenceAvailability,
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
 * staff page beats); 'Ausente' comes by itself after a while without activity. What the person
 * chose stays through sign-out and comes back at the next sign-in (issue 41): signing out only
 * ends their presence.
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

/** The person's own status as the staff header shows it: what others see while their page is open. */
export type OwnStatus = { agentId: string; status: AgentStatus; autoAway: boolean };

/** The signed-in person's status for the staff header's control (the record made on first visit). */
export async function ownStatus(deps: Deps, user: { id: string; name: string }): Promise<OwnStatus> {
  return readOwnStatus(deps.db, await ensureAgentId(deps, user));
}

async function readOwnStatus(db: Db, agentId: string): Promise<OwnStatus> {
  const [row] = await db
    .select({ status: chatAgentStatus.status, autoAway: chatAgents.autoAway })
    .from(chatAgents)
    .innerJoin(chatAgentStatus, eq(chatAgentStatus.agentId, chatAgents.id))
    .where(eq(chatAgents.id, agentId))
    .limit(1);
  return { agentId, status: row?.status ?? "offline", autoAway: row?.autoAway ?? false };
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

/** What visitors see of one agent: 'online', 'soon' ('Ocupado'/'Ausente' at work) or 'offline'. */
function seenAs(status: AgentStatus, here: boolean): PresenceAvailability {
  if (!here) return "offline";
  if (status === "online") return "online";
  return status === "busy" || status === "away" ? "soon" : "offline";
}

/**
 * What a visitor may know of the team right now: the names of the agents online, and whether
 * anyone is at work at all ('soon': only 'Ocupado' or 'Ausente' agents with a staff page open).
 */
export async function onlineAgents(db: Db, now = new Date()): Promise<PresenceView> {
  const rows = await db
    .select({
      id: chatAgents.id,
      name: chatAgents.name,
      isOnline: chatAgents.isOnline,
      status: chatAgentStatus.status,
    })
    .from(chatAgents)
    .innerJoin(chatAgentStatus, eq(chatAgentStatus.agentId, chatAgents.id))
    .where(
      and(
        gt(chatAgents.lastSeen, new Date(now.getTime() - PRESENCE_TTL_MS)),
        inArray(chatAgentStatus.status, ["online", "busy", "away"]),
      ),
    )
    .orderBy(asc(chatAgents.name));
  const agents = rows
    .filter((r) => r.status === "online" && r.isOnline)
    .map(({ id, name }) => ({ id, name }));
  const soon = rows.some((r) => r.status !== "online");
  return { agents, available: agents.length > 0 ? "online" : soon ? "soon" : "offline" };
}

async function announcePresence(deps: Deps, agentId: string, now = new Date()) {
  await deps.bus.publish(TOPICS.presence, "chat.presence", await onlineAgents(deps.db, now));
  await deps.bus.publish(TOPICS.staff, "chat.agent", { id: agentId });
}

/**
 * The header's status control and the 'Estado' card's selector (one intent, issue 41) choose a
 * status; the card's 'Guardar Estado' saves the response time and message. Choosing sets is_online
 * only for 'online' and is remembered as the person's choice (`chosen_at`, restored at the next
 * sign-in); every update refreshes last_seen (docs/product.md §4.3). A chosen status is never automatic.
 */
export async function updateAgentStatus(
  deps: Deps,
  agentId: string,
  data: Partial<AgentStatusValues>,
  now = new Date(),
) {
  const { status, ...details } = data;
  const set = { ...details, ...(status ? { status, chosenAt: now } : {}), updatedAt: now };
  const updated = await deps.db.transaction(async (tx) => {
    if (status) {
      // Whose status, by name: 'Actividad' says it in words (issue 42).
      const [agent] = await tx
        .select({ name: chatAgents.name })
        .from(chatAgents)
        .where(eq(chatAgents.id, agentId));
      await recordAudit(tx, deps.actor ?? null, {
        action: "agent.status",
        entityId: agentId,
        target: agent?.name ?? null,
        changes: { status },
      });
    }
    await tx
      .insert(chatAgentStatus)
      .values({ agentId, ...set })
      .onConflictDoUpdate({ target: chatAgentStatus.agentId, set });
    return tx
      .update(chatAgents)
      .set(
        status
          ? { isOnline: status === "online", lastSeen: now, activeAt: now, autoAway: false }
          : { lastSeen: now, activeAt: now },
      )
      .where(eq(chatAgents.id, agentId))
      .returning({ id: chatAgents.id });
  });
  if (updated.length === 0) throw new NotFoundError("agent");
  if (status) await announcePresence(deps, agentId, now);
  else await deps.bus.publish(TOPICS.staff, "chat.agent", { id: agentId });
}

/** One agent's presence and chosen status as stored ('offline' when no status row exists yet). */
async function agentState(db: Db, agentId: string) {
  const [row] = await db
    .select({
      isOnline: chatAgents.isOnline,
      lastSeen: chatAgents.lastSeen,
      autoAway: chatAgents.autoAway,
      status: chatAgentStatus.status,
      since: chatAgentStatus.updatedAt,
      chosenAt: chatAgentStatus.chosenAt,
    })
    .from(chatAgents)
    .leftJoin(chatAgentStatus, eq(chatAgentStatus.agentId, chatAgents.id))
    .where(eq(chatAgents.id, agentId))
    .limit(1);
  if (!row) throw new NotFoundError("agent");
  return { ...row, status: row.status ?? ("offline" as AgentStatus) };
}

/**
 * Someone with the chat signs in (issue 41): the status they last chose comes back as it was. A
 * first sign-in (they never chose) starts 'En línea' while the shop is open (`openNow`), else
 * 'Desconectado'; an automatic 'Ausente' was no choice, so it gives way to 'En línea'. Nobody sees
 * the agent before a staff page of theirs beats.
 */
export async function agentSignedIn(
  deps: Deps,
  user: { id: string; name: string },
  opts: { openNow: boolean; now?: Date },
): Promise<OwnStatus> {
  const agentId = await ensureAgentId(deps, user);
  const now = opts.now ?? new Date();
  const row = await agentState(deps.db, agentId);
  const next: AgentStatus | null = !row.chosenAt
    ? opts.openNow
      ? "online"
      : "offline"
    : row.autoAway
      ? "online"
      : null;
  if (next && (next !== row.status || row.autoAway)) {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(chatAgentStatus)
        .set({ status: next, updatedAt: now })
        .where(eq(chatAgentStatus.agentId, agentId));
      await tx.update(chatAgents).set({ autoAway: false }).where(eq(chatAgents.id, agentId));
    });
    await deps.bus.publish(TOPICS.staff, "chat.agent", { id: agentId });
  }
  return { agentId, status: next ?? row.status, autoAway: next ? false : row.autoAway };
}

/**
 * A staff page is still open: refresh last_seen, and the person's last activity (`idleMs` ago in
 * that tab). Activity after an automatic 'Ausente' was set brings 'En línea' back. Announces only
 * when what visitors see changes. Answers the person's status, for their own header.
 */
export async function heartbeat(
  deps: Deps,
  agentId: string,
  now = new Date(),
  idleMs = 0,
): Promise<OwnStatus> {
  const row = await agentState(deps.db, agentId);
  const status = row.status;
  const activeAt = new Date(now.getTime() - Math.max(0, idleMs));
  // Used since the sweeper set 'Ausente' (however short the idle setting): back at once.
  const back = row.autoAway && status === "away" && !!row.since && activeAt > row.since;
  if (back)
    await deps.db
      .update(chatAgentStatus)
      .set({ status: "online", updatedAt: now })
      .where(eq(chatAgentStatus.agentId, agentId));
  const nowStatus: AgentStatus = back ? "online" : status;
  const online = nowStatus === "online";
  const was = seenAs(status, fresh(row.lastSeen, now) && (status !== "online" || row.isOnline));
  await deps.db
    .update(chatAgents)
    .set({
      isOnline: online,
      lastSeen: now,
      activeAt: sql`greatest(coalesce(${chatAgents.activeAt}, ${activeAt}), ${activeAt})`,
      ...(back ? { autoAway: false } : {}),
    })
    .where(eq(chatAgents.id, agentId));
  if (was !== seenAs(nowStatus, true) || back) await announcePresence(deps, agentId, now);
  return { agentId, status: nowStatus, autoAway: back ? false : row.autoAway };
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
 * A staff member signs out (or is deactivated): their presence ends at once (visitors and the
 * team see them 'Desconectado' now, not when it would expire), while the status they chose stays
 * for their next sign-in (issue 41). Another open tab of theirs puts them back with its next beat.
 */
export async function signOffAgent(deps: Deps, userId: string, now = new Date()): Promise<void> {
  const expired = new Date(now.getTime() - PRESENCE_TTL_MS);
  const gone = await deps.db
    .update(chatAgents)
    .set({ isOnline: false, lastSeen: expired })
    .where(
      and(eq(chatAgents.userId, userId), or(eq(chatAgents.isOnline, true), gt(chatAgents.lastSeen, expired))),
    )
    .returning({ id: chatAgents.id });
  for (const { id } of gone) await announcePresence(deps, id, now);
}

/** How often the sweeper runs (every instance). */
export const SWEEP_MS = 10_000;

/**
 * Agents whose pages stopped beating go offline; agents 'En línea' without activity for
 * `awayAfterMs` (0: never) become 'Ausente' by themselves. Each update is atomic, so one
 * instance announces. 'Ocupado' and 'Ausente' agents have no flag to clear (visitors see them as
 * 'soon' while their beat is fresh): the sweep that first finds their beat expired, within the
 * last `windowMs`, announces it (each instance once; a presence announcement can be repeated).
 */
export async function sweepPresence(
  deps: Deps,
  now = new Date(),
  awayAfterMs = 0,
  windowMs = SWEEP_MS,
): Promise<number> {
  const expiry = new Date(now.getTime() - PRESENCE_TTL_MS);
  const gone = await deps.db
    .update(chatAgents)
    .set({ isOnline: false })
    .where(
      and(eq(chatAgents.isOnline, true), or(isNull(chatAgents.lastSeen), lt(chatAgents.lastSeen, expiry))),
    )
    .returning({ id: chatAgents.id });
  const soonGone = await deps.db
    .select({ id: chatAgents.id })
    .from(chatAgents)
    .innerJoin(chatAgentStatus, eq(chatAgentStatus.agentId, chatAgents.id))
    .where(
      and(
        inArray(chatAgentStatus.status, ["busy", "away"]),
        lt(chatAgents.lastSeen, expiry),
        gte(chatAgents.lastSeen, new Date(expiry.getTime() - windowMs)),
      ),
    );
  const idle = awayAfterMs > 0 ? await awayWhenIdle(deps, now, awayAfterMs) : [];
  const changed = new Set([...gone.map((g) => g.id), ...soonGone.map((g) => g.id), ...idle]);
  for (const id of changed) await announcePresence(deps, id, now);
  return changed.size;
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
  const intervalMs = opts.intervalMs ?? SWEEP_MS;
  const timer = setInterval(() => {
    sweepPresence(deps, new Date(), opts.awayAfterMs ?? 0, intervalMs).catch((err) =>
      deps.logger.warn({ err }, "chat presence sweep failed"),
    );
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
