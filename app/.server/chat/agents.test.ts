import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { HEARTBEAT_MS, LEAVE_GRACE_MS, PRESENCE_TTL_MS } from "../../lib/chat";
import { agentStatusSchema } from "../../lib/chat-forms";
import { isEvent, TOPICS } from "../../lib/events";
import { chatAgentStatus, chatAgents, chatConversationAssignments, staffUsers } from "../db/schema";
import type { BusEvent } from "../events/bus";
import { makeAgent, startConversation } from "../testing/chat";
import { setupTestDatabase } from "../testing/setup";
import {
  ensureAgent,
  heartbeat,
  leave,
  listAgents,
  onlineAgents,
  updateAgentStatus as saveAgentStatus,
  sweepPresence,
} from "./agents";
import { assignConversation, unassignConversation } from "./assignment";
import { staffReply } from "./staff";

const deps = setupTestDatabase({ bus: true });

const agentRow = async (id: string) =>
  (await deps.db.select().from(chatAgents).where(eq(chatAgents.id, id)))[0];
/** The ids a presence event says are online. */
const onlineIn = (e: BusEvent | undefined) =>
  e && isEvent(e, "presence", "chat.presence") ? e.payload.agents.map((x) => x.id) : undefined;
const status = { status: "online", estimatedResponseTime: "5-10 minutos", statusMessage: "" };
/** The status card's fields, through the form's schema as the inbox action does. */
const updateAgentStatus = (d: typeof deps, id: string, input: Record<string, string>, now?: Date) =>
  saveAgentStatus(d, id, agentStatusSchema.parse(input), now);

describe("agent records and status (docs/product.md §4.3)", () => {
  it("creates the agent on first visit, offline with '5-10 minutos', and only once", async () => {
    const [user] = await deps.db
      .insert(staffUsers)
      .values({ email: "nueva@example.com", name: "Nueva", role: "operador", passwordHash: "x" })
      .returning();
    if (!user) throw new Error("no user");
    const a = await ensureAgent(deps, user);
    const b = await ensureAgent(deps, user);
    expect(b.id).toBe(a.id);
    expect(a).toMatchObject({
      name: "Nueva",
      isOnline: false,
      status: "offline",
      estimatedResponseTime: "5-10 minutos",
      lastSeen: null,
    });
    const rows = await deps.db.select().from(chatAgents).where(eq(chatAgents.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it("sets is_online only for 'online', and every update refreshes last_seen", async () => {
    const a = await makeAgent(deps);
    const t1 = new Date(Date.now() - 1000);
    await updateAgentStatus(deps, a.id, { ...status, statusMessage: "  Atendiendo envíos  " }, t1);
    expect(await agentRow(a.id)).toMatchObject({ isOnline: true, lastSeen: t1 });
    const [st] = await deps.db.select().from(chatAgentStatus).where(eq(chatAgentStatus.agentId, a.id));
    expect(st).toMatchObject({ status: "online", statusMessage: "Atendiendo envíos" });
    for (const s of ["away", "offline"]) {
      const t = new Date();
      await updateAgentStatus(deps, a.id, { ...status, status: s, estimatedResponseTime: "30+ minutos" }, t);
      expect(await agentRow(a.id)).toMatchObject({ isOnline: false, lastSeen: t });
    }
    expect(agentStatusSchema.safeParse({ ...status, status: "dormido" }).error?.issues[0]?.message).toBe(
      "Estado inválido.",
    );
    expect(agentStatusSchema.safeParse({ ...status, estimatedResponseTime: "1 hora" }).success).toBe(false);
  });
});

describe("presence: online only while a staff tab beats", () => {
  it("stops counting an agent as online once the heartbeat is older than the TTL", async () => {
    const a = await makeAgent(deps, "Zoe Presencia");
    const t0 = new Date();
    await updateAgentStatus(deps, a.id, status, t0);
    expect((await onlineAgents(deps.db, t0)).agents.map((x) => x.name)).toContain("Zoe Presencia");
    // Nobody swept yet, but a visitor's read already ignores the stale agent.
    const later = new Date(t0.getTime() + PRESENCE_TTL_MS + 1000);
    expect((await onlineAgents(deps.db, later)).agents.map((x) => x.name)).not.toContain("Zoe Presencia");
    expect((await listAgents(deps.db, later)).find((x) => x.id === a.id)).toMatchObject({
      presence: "offline",
      isOnline: false,
    });
    // The sweeper clears the flag and announces it.
    const before = await deps.bus.latestId();
    expect(await sweepPresence(deps, later)).toBeGreaterThanOrEqual(1);
    expect((await agentRow(a.id))?.isOnline).toBe(false);
    const events = await deps.bus.since([TOPICS.presence], before);
    expect(events.at(-1)?.type).toBe("chat.presence");
    // The tab comes back: the chosen status is still 'online', so the heartbeat restores it.
    await heartbeat(deps, a.id);
    expect((await onlineAgents(deps.db)).agents.map((x) => x.name)).toContain("Zoe Presencia");
  });

  it("a heartbeat keeps an online agent online; away agents never show online", async () => {
    const a = await makeAgent(deps, "Yoli");
    await updateAgentStatus(deps, a.id, { ...status, status: "away" });
    await heartbeat(deps, a.id);
    expect((await agentRow(a.id))?.isOnline).toBe(false);
    expect((await listAgents(deps.db)).find((x) => x.id === a.id)?.presence).toBe("away");
    expect((await onlineAgents(deps.db)).agents.map((x) => x.name)).not.toContain("Yoli");
  });

  it("closing the last tab takes the agent offline within 60 s; another open tab keeps them online", async () => {
    const a = await makeAgent(deps, "Xavi");
    const t0 = new Date(Date.now() - 120_000);
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const names = async (now: Date) => (await onlineAgents(deps.db, now)).agents.map((x) => x.name);
    await updateAgentStatus(deps, a.id, status, t0);
    // Two tabs: one closes, the other beats 15 s later: no flicker, no offline announcement.
    await leave(deps, a.id, at(1000));
    expect(await names(at(2000))).toContain("Xavi");
    const before = await deps.bus.latestId();
    await heartbeat(deps, a.id, at(15_000));
    expect(await sweepPresence(deps, at(40_000))).toBe(0);
    expect(await names(at(40_000))).toContain("Xavi");
    expect(await deps.bus.since([TOPICS.presence], before)).toHaveLength(0);
    // The last tab closes: offline by the next sweeps, well within 60 s.
    await leave(deps, a.id, at(50_000));
    expect(await names(at(50_000 + LEAVE_GRACE_MS + 1))).not.toContain("Xavi");
    await sweepPresence(deps, at(50_000 + LEAVE_GRACE_MS + 10_000));
    expect((await agentRow(a.id))?.isOnline).toBe(false);
    const events = await deps.bus.since([TOPICS.presence], before);
    expect(events.at(-1)?.payload).toMatchObject({
      agents: expect.not.arrayContaining([expect.objectContaining({ id: a.id })]),
    });
  });

  it("a tab that dies without saying so is offline within 60 s (TTL + one sweep)", async () => {
    const a = await makeAgent(deps, "Wendy");
    const t0 = new Date(Date.now() - 120_000);
    await updateAgentStatus(deps, a.id, status, t0);
    await heartbeat(deps, a.id, new Date(t0.getTime() + 15_000));
    // Sweeps run every 10 s: the first one after the TTL is at most 55 s after the last beat.
    expect(await sweepPresence(deps, new Date(t0.getTime() + 15_000 + PRESENCE_TTL_MS - 1))).toBe(0);
    expect(await sweepPresence(deps, new Date(t0.getTime() + 15_000 + PRESENCE_TTL_MS + 10_000))).toBe(1);
    expect((await agentRow(a.id))?.isOnline).toBe(false);
  });

  it("choosing 'online' is announced to visitors at once; 'away' at once too", async () => {
    const a = await makeAgent(deps, "Vera");
    const before = await deps.bus.latestId();
    await updateAgentStatus(deps, a.id, status);
    const on = await deps.bus.since([TOPICS.presence], before);
    expect(on.at(-1)?.payload).toMatchObject({
      agents: expect.arrayContaining([{ id: a.id, name: "Vera" }]),
    });
    const mid = await deps.bus.latestId();
    await updateAgentStatus(deps, a.id, { ...status, status: "away" });
    const off = await deps.bus.since([TOPICS.presence], mid);
    expect(onlineIn(off.at(-1))).not.toContain(a.id);
  });

  it("a staff reply no longer makes the agent look online to visitors", async () => {
    const a = await makeAgent(deps, "Ursula"); // status 'offline', never chosen
    const { clientId } = await startConversation(deps);
    const t0 = new Date(Date.now() - 30 * 60_000);
    await heartbeat(deps, a.id, t0);
    const before = await deps.bus.latestId();
    await staffReply(deps, clientId, a, "Ya le atiendo", new Date(t0.getTime() + 1000));
    expect(
      (await onlineAgents(deps.db, new Date(t0.getTime() + 1000))).agents.map((x) => x.name),
    ).not.toContain("Ursula");
    expect(await deps.bus.since([TOPICS.presence], before)).toHaveLength(0);
  });
});

describe("presence follows the person (ADR 0020)", () => {
  const AWAY_AFTER = 15 * 60_000;

  it("an operador 'En línea' working 10 minutes on /admin/orders stays available; their last tab closing is offline within 60 s", async () => {
    const a = await makeAgent(deps, "Olga Pedidos");
    const t0 = new Date(Date.now() - 60 * 60_000);
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const visible = async (now: Date) => (await onlineAgents(deps.db, now)).agents.some((x) => x.id === a.id);
    await updateAgentStatus(deps, a.id, status, t0);
    // The orders page (any staff page) beats every 15 s, each beat saying how long since a tap or key;
    // the sweeper runs every 10 s. A visitor asks every 5 s: available the whole time.
    let lastInput = 0;
    for (let ms = 0; ms <= 10 * 60_000; ms += 5000) {
      if (ms % (2 * 60_000) === 0) lastInput = ms; // works the orders list every 2 minutes
      if (ms % HEARTBEAT_MS === 0) await heartbeat(deps, a.id, at(ms), ms - lastInput);
      if (ms % 10_000 === 0) await sweepPresence(deps, at(ms), AWAY_AFTER);
      expect(await visible(at(ms)), `available at ${ms / 1000} s`).toBe(true);
    }
    // The last tab closes: gone for visitors within 60 s, announced by the sweep.
    const closed = 10 * 60_000 + 1000;
    await leave(deps, a.id, at(closed));
    const before = await deps.bus.latestId();
    let offlineAt: number | null = null;
    for (let ms = closed; ms <= closed + 60_000; ms += 10_000) {
      await sweepPresence(deps, at(ms), AWAY_AFTER);
      if (offlineAt === null && !(await visible(at(ms)))) offlineAt = ms - closed;
    }
    expect(offlineAt).not.toBeNull();
    expect(offlineAt).toBeLessThanOrEqual(60_000);
    expect((await agentRow(a.id))?.isOnline).toBe(false);
    expect(onlineIn((await deps.bus.since([TOPICS.presence], before)).at(-1))).not.toContain(a.id);
    // Their choice stays: opening a staff page again makes them available again.
    await heartbeat(deps, a.id, at(closed + 120_000));
    expect(await visible(at(closed + 120_000))).toBe(true);
  });

  it("becomes 'Ausente' after the idle setting, and using a page brings 'En línea' back", async () => {
    const a = await makeAgent(deps, "Ines Idle");
    const t0 = new Date(Date.now() - 60 * 60_000);
    const at = (ms: number) => new Date(t0.getTime() + ms);
    await updateAgentStatus(deps, a.id, status, t0);
    // The tab stays open (beats) but nobody touches it.
    for (let ms = 0; ms <= AWAY_AFTER + 20_000; ms += HEARTBEAT_MS) {
      await heartbeat(deps, a.id, at(ms), ms);
      await sweepPresence(deps, at(ms), AWAY_AFTER);
    }
    const me = (await listAgents(deps.db, at(AWAY_AFTER + 20_000))).find((x) => x.id === a.id);
    expect(me).toMatchObject({ status: "away", autoAway: true, presence: "away", isOnline: false });
    expect((await onlineAgents(deps.db, at(AWAY_AFTER + 20_000))).agents.map((x) => x.id)).not.toContain(
      a.id,
    );
    // A key press: the next beat says idle 0, and 'En línea' is back, announced.
    const before = await deps.bus.latestId();
    await heartbeat(deps, a.id, at(AWAY_AFTER + 30_000), 0);
    expect((await listAgents(deps.db, at(AWAY_AFTER + 30_000))).find((x) => x.id === a.id)).toMatchObject({
      status: "online",
      autoAway: false,
    });
    expect((await deps.bus.since([TOPICS.presence], before)).length).toBeGreaterThan(0);
  });

  it("a chosen 'Ausente' is not undone by activity; 0 minutes never sets it", async () => {
    const a = await makeAgent(deps, "Berta Elige");
    const t0 = new Date(Date.now() - 60 * 60_000);
    await updateAgentStatus(deps, a.id, { ...status, status: "away" }, t0);
    await heartbeat(deps, a.id, new Date(t0.getTime() + 15_000), 0);
    expect((await listAgents(deps.db)).find((x) => x.id === a.id)?.status).toBe("away");
    const b = await makeAgent(deps, "Nunca Idle");
    await updateAgentStatus(deps, b.id, status, t0);
    await heartbeat(deps, b.id, new Date(t0.getTime() + 3 * 60 * 60_000), 3 * 60 * 60_000);
    await sweepPresence(deps, new Date(t0.getTime() + 3 * 60 * 60_000), 0);
    expect((await listAgents(deps.db)).find((x) => x.id === b.id)?.status).toBe("online");
  });
});

describe("assignment (one transaction, at most one active)", () => {
  it("assigning again replaces the active assignment; unassigning deactivates it", async () => {
    const [a, b] = [await makeAgent(deps), await makeAgent(deps)];
    const { clientId } = await startConversation(deps);
    await assignConversation(deps, clientId, a.id);
    const r = await assignConversation(deps, clientId, b.id);
    expect(r.agentId).toBe(b.id);
    const rows = await deps.db
      .select()
      .from(chatConversationAssignments)
      .where(eq(chatConversationAssignments.clientId, clientId));
    expect(rows).toHaveLength(2);
    expect(rows.filter((x) => x.isActive).map((x) => x.agentId)).toEqual([b.id]);
    expect(await unassignConversation(deps, clientId)).toBe(true);
    expect(await unassignConversation(deps, clientId)).toBe(false);
  });

  it("concurrent assigns leave exactly one active assignment", async () => {
    const agents = await Promise.all(Array.from({ length: 6 }, () => makeAgent(deps)));
    const { clientId } = await startConversation(deps);
    const results = await Promise.allSettled(agents.map((a) => assignConversation(deps, clientId, a.id)));
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
    const active = await deps.db
      .select()
      .from(chatConversationAssignments)
      .where(
        and(
          eq(chatConversationAssignments.clientId, clientId),
          eq(chatConversationAssignments.isActive, true),
        ),
      );
    expect(active).toHaveLength(1);
    expect(agents.map((a) => a.id)).toContain(active[0]?.agentId);
  });

  it("the database itself refuses a second active assignment", async () => {
    const [a, b] = [await makeAgent(deps), await makeAgent(deps)];
    const { clientId } = await startConversation(deps);
    await deps.db.insert(chatConversationAssignments).values({ clientId, agentId: a.id });
    await expect(
      deps.db.insert(chatConversationAssignments).values({ clientId, agentId: b.id }),
    ).rejects.toThrow();
  });

  it("refuses unknown agents and conversations with 404", async () => {
    const a = await makeAgent(deps);
    const { clientId } = await startConversation(deps);
    await expect(
      assignConversation(deps, clientId, "00000000-0000-4000-8000-000000000000"),
    ).rejects.toMatchObject({ status: 404, reason: "agent" });
    await expect(assignConversation(deps, "session_1700000000000_nadie2", a.id)).rejects.toMatchObject({
      status: 404,
      reason: "conversation",
    });
  });
});
