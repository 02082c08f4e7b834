import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PRESENCE_TTL_MS } from "../../lib/chat";
import { isEvent, TOPICS } from "../../lib/events";
import { mergeSiteText } from "../../lib/site";
import { action as loginAction } from "../../routes/admin-login/route";
import { action as agentAction } from "../../routes/api/chat.agent";
import { loadConfig } from "../config";
import { chatAgentStatus, chatAgents } from "../db/schema";
import type { BusEvent } from "../events/bus";
import type { Services } from "../services";
import { createStaff } from "../staff/bootstrap";
import { makeAgent } from "../testing/chat";
import { testLogger } from "../testing/db";
import { routeContext } from "../testing/routes";
import { setupTestDatabase } from "../testing/setup";
import {
  agentSignedIn,
  heartbeat,
  listAgents,
  onlineAgents,
  ownStatus,
  signOffAgent,
  sweepPresence,
  updateAgentStatus,
} from "./agents";
import { shopOpenAt } from "./sign-in";

const deps = setupTestDatabase({ bus: true });

/** Wednesday 25 November 2026, 10:00 AM in Miami (the default hours: 9:00 AM - 6:00 PM). */
const OPEN = new Date("2026-11-25T15:00:00Z");
/** The same Tuesday night, 10:00 PM in Miami. */
const CLOSED = new Date("2026-11-25T03:00:00Z");
const ZONE = "America/New_York";
const content = (specialDates: Parameters<typeof shopOpenAt>[0]["schedule"]["specialDates"] = []) => ({
  text: mergeSiteText(null),
  schedule: { specialDates },
});

/** The staff member behind an agent (what sign-in and the header know them by). */
const person = (a: { userId: string; name: string }) => ({ id: a.userId, name: a.name });
const statusRow = async (agentId: string) =>
  (await deps.db.select().from(chatAgentStatus).where(eq(chatAgentStatus.agentId, agentId)))[0];
const presenceEvents = async (since: number) =>
  (await deps.bus.since([TOPICS.presence], since)).filter((e: BusEvent) =>
    isEvent(e, "presence", "chat.presence"),
  );

describe("the shop's opening hours decide a first sign-in (issue 41)", () => {
  it("reads the owner's hours and special dates in the shop's time zone", () => {
    expect(shopOpenAt(content(), ZONE, OPEN)).toBe(true);
    expect(shopOpenAt(content(), ZONE, CLOSED)).toBe(false);
    const holiday = {
      id: "h",
      startsOn: "2026-11-25",
      endsOn: "2026-11-25",
      closed: true,
      opensAt: null,
      closesAt: null,
      reason: "Feriado",
    };
    expect(shopOpenAt(content([holiday]), ZONE, OPEN)).toBe(false);
  });
});

describe("the chosen status survives signing out and in (issue 41)", () => {
  it("a first sign-in starts 'En línea' while the shop is open, 'Desconectado' when it is closed", async () => {
    const open = await makeAgent(deps, "Primera Abierto");
    expect(
      await agentSignedIn(deps, person(open), { openNow: shopOpenAt(content(), ZONE, OPEN) }),
    ).toMatchObject({
      status: "online",
    });
    const closed = await makeAgent(deps, "Primera Cerrado");
    expect(
      await agentSignedIn(deps, person(closed), { openNow: shopOpenAt(content(), ZONE, CLOSED) }),
    ).toMatchObject({ status: "offline" });
    // Not a choice: the next sign-in, now with the shop open, follows the hours again.
    expect((await statusRow(closed.id))?.chosenAt).toBeNull();
    expect(await agentSignedIn(deps, person(closed), { openNow: true })).toMatchObject({ status: "online" });
    // Nobody sees them before a staff page of theirs beats.
    expect((await onlineAgents(deps.db)).agents.map((a) => a.id)).not.toContain(open.id);
    await heartbeat(deps, open.id);
    expect((await onlineAgents(deps.db)).agents.map((a) => a.id)).toContain(open.id);
  });

  it("'Ocupado' chosen, signed out and in (shop closed): still 'Ocupado'; visitors saw nobody meanwhile", async () => {
    const a = await makeAgent(deps, "Bea Ocupada");
    await updateAgentStatus(deps, a.id, { status: "busy" });
    expect((await statusRow(a.id))?.chosenAt).toBeInstanceOf(Date);
    await heartbeat(deps, a.id);
    expect((await onlineAgents(deps.db)).available).not.toBe("offline");

    const before = await deps.bus.latestId();
    await signOffAgent(deps, a.userId);
    // Gone for the team and for visitors at once, the choice kept.
    expect((await listAgents(deps.db)).find((x) => x.id === a.id)).toMatchObject({
      status: "busy",
      presence: "offline",
    });
    expect((await statusRow(a.id))?.status).toBe("busy");
    expect((await presenceEvents(before)).length).toBeGreaterThan(0);

    expect(await agentSignedIn(deps, person(a), { openNow: false })).toMatchObject({ status: "busy" });
    expect(await ownStatus(deps, person(a))).toMatchObject({ status: "busy", autoAway: false });
    await heartbeat(deps, a.id);
    expect((await listAgents(deps.db)).find((x) => x.id === a.id)?.presence).toBe("busy");
  });

  it("a chosen 'Desconectado' stays so even when the shop is open", async () => {
    const a = await makeAgent(deps, "Dani Libre");
    await updateAgentStatus(deps, a.id, { status: "offline" });
    expect(await agentSignedIn(deps, person(a), { openNow: true })).toMatchObject({ status: "offline" });
  });

  it("an automatic 'Ausente' is no choice: the next sign-in is 'En línea' again", async () => {
    const a = await makeAgent(deps, "Ale Auto");
    const t0 = new Date(Date.now() - 60 * 60_000);
    await updateAgentStatus(deps, a.id, { status: "online" }, t0);
    await heartbeat(deps, a.id, new Date(t0.getTime() + 15_000), 15_000);
    await sweepPresence(deps, new Date(t0.getTime() + 20 * 60_000), 15 * 60_000);
    expect(await ownStatus(deps, person(a))).toMatchObject({ status: "away", autoAway: true });
    await signOffAgent(deps, a.userId);
    expect(await agentSignedIn(deps, person(a), { openNow: false })).toEqual({
      agentId: a.id,
      status: "online",
      autoAway: false,
    });
  });

  it("the sign-in form restores it, and never fails a sign-in when it cannot", async () => {
    const password = "una-clave-larga-123";
    const user = await createStaff(deps.db, {
      email: "vuelve@example.com",
      name: "Vuelve",
      role: "operador",
      password,
    });
    const config = loadConfig({ SEED_DEMO: "false", DATA_DIR: "/nonexistent", BACKUP_HOUR: "off" });
    const siteContent = { get: async () => content() };
    const services = { db: deps.db, bus: deps.bus, config, logger: testLogger, siteContent };
    const signIn = (s: unknown) =>
      loginAction({
        request: new Request("http://localhost/admin-login", {
          method: "POST",
          body: new URLSearchParams({ email: user.email, password }),
        }),
        context: routeContext(s as Services, null),
        params: {},
      } as never) as Promise<Response>;

    // A first sign-in while the shop is open (hours that cover the whole day): 'En línea'.
    const allDay = "12:00 AM - 11:59 PM";
    const hours = {
      businessHoursWeekday: allDay,
      businessHoursSaturday: allDay,
      businessHoursSunday: allDay,
    };
    const openAllDay = { text: { ...mergeSiteText(null), ...hours }, schedule: { specialDates: [] } };
    const first = { ...services, siteContent: { get: async () => openAllDay } };
    if (new Date().getUTCMinutes() !== 59) {
      expect((await signIn(first)).status).toBe(302);
      expect(await ownStatus(deps, { id: user.id, name: "Vuelve" })).toMatchObject({ status: "online" });
      await signOffAgent(deps, user.id);
    }
    // The header's control chose 'Ocupado' through the one status intent.
    const who = { id: user.id, email: user.email, name: "Vuelve", role: "operador" as const };
    const chose = (await agentAction({
      request: new Request("http://localhost/api/chat/agent", {
        method: "POST",
        body: new URLSearchParams({ intent: "status", status: "busy" }),
      }),
      context: routeContext(services as unknown as Services, who),
      params: {},
    } as never)) as { data?: { ok?: boolean } };
    expect(chose.data?.ok).toBe(true);
    await signOffAgent(deps, user.id);
    expect((await signIn(services)).status).toBe(302);
    expect(await ownStatus(deps, who)).toMatchObject({ status: "busy" });

    // The site content cannot be read: signed in all the same, the status as it was.
    const broken = { ...services, siteContent: { get: () => Promise.reject(new Error("sin datos")) } };
    expect((await signIn(broken)).status).toBe(302);
    const [agent] = await deps.db.select().from(chatAgents).where(eq(chatAgents.userId, user.id));
    expect((await statusRow(agent?.id ?? ""))?.status).toBe("busy");
  });

  it("a form posted without scripts comes back to the page it came from", async () => {
    const a = await makeAgent(deps, "Sin Scripts");
    const config = loadConfig({ SEED_DEMO: "false", DATA_DIR: "/nonexistent", BACKUP_HOUR: "off" });
    const services = { db: deps.db, bus: deps.bus, config, logger: testLogger } as unknown as Services;
    const res = (await agentAction({
      request: new Request("http://localhost/api/chat/agent", {
        method: "POST",
        headers: { "Sec-Fetch-Mode": "navigate", Referer: "http://localhost/admin/orders?estado=enviando" },
        body: new URLSearchParams({ intent: "status", status: "away" }),
      }),
      context: routeContext(services, {
        id: a.userId,
        email: "x@example.com",
        name: a.name,
        role: "operador",
      }),
      params: {},
    } as never)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/orders?estado=enviando");
    expect(await ownStatus(deps, person(a))).toMatchObject({ status: "away" });
  });
});

describe("visitors tell 'Ocupado'/'Ausente' from nobody (issue 41)", () => {
  it("busy and away agents at work make the view 'soon', naming nobody; 'online' names the agent", async () => {
    // Earlier tests of this file left agents around: start from nobody at work.
    const t0 = new Date(Date.now() + 10 * 60_000);
    expect((await onlineAgents(deps.db, t0)).available).toBe("offline");
    const busy = await makeAgent(deps, "Olga Ocupada");
    const away = await makeAgent(deps, "Ana Ausente");
    await updateAgentStatus(deps, busy.id, { status: "busy" }, t0);
    expect(await onlineAgents(deps.db, t0)).toEqual({ agents: [], available: "soon" });
    await updateAgentStatus(deps, busy.id, { status: "offline" }, t0);
    expect(await onlineAgents(deps.db, t0)).toEqual({ agents: [], available: "offline" });
    await updateAgentStatus(deps, away.id, { status: "away" }, t0);
    expect(await onlineAgents(deps.db, t0)).toEqual({ agents: [], available: "soon" });
    await updateAgentStatus(deps, busy.id, { status: "online" }, t0);
    expect(await onlineAgents(deps.db, t0)).toEqual({
      agents: [{ id: busy.id, name: "Olga Ocupada" }],
      available: "online",
    });
    // Each change reached visitors: the last announcement is the view above.
    const last = (await presenceEvents(0)).at(-1);
    expect(last?.payload).toMatchObject({ available: "online" });
  });

  it("the 'soon' ends when the busy agent's page stops beating, and the sweeper announces it once", async () => {
    const t0 = new Date(Date.now() + 20 * 60_000);
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const a = await makeAgent(deps, "Berta Ocupada");
    await updateAgentStatus(deps, a.id, { status: "busy" }, t0);
    // Agents of earlier tests whose beats expired long ago are swept first.
    await sweepPresence(deps, t0);
    expect((await onlineAgents(deps.db, at(1000))).available).toBe("soon");
    const before = await deps.bus.latestId();
    // Sweeps every 10 s: the first after the beat expired announces, the later ones do not.
    const announced: number[] = [];
    for (let ms = 10_000; ms <= PRESENCE_TTL_MS + 40_000; ms += 10_000) {
      const n = (await presenceEvents(before)).length;
      await sweepPresence(deps, at(ms));
      if ((await presenceEvents(before)).length > n) announced.push(ms);
    }
    expect(announced).toEqual([PRESENCE_TTL_MS + 5000]);
    expect((await presenceEvents(before)).at(-1)?.payload).toMatchObject({ available: "offline" });
  });

  it("a beat that brings a busy agent back is announced ('offline' → 'soon')", async () => {
    const t0 = new Date(Date.now() + 30 * 60_000);
    const a = await makeAgent(deps, "Carla Vuelve");
    await updateAgentStatus(deps, a.id, { status: "busy" }, t0);
    const later = new Date(t0.getTime() + PRESENCE_TTL_MS + 60_000);
    const before = await deps.bus.latestId();
    await heartbeat(deps, a.id, later);
    expect((await presenceEvents(before)).at(-1)?.payload).toMatchObject({ available: "soon" });
    const again = await deps.bus.latestId();
    await heartbeat(deps, a.id, new Date(later.getTime() + 15_000));
    expect(await presenceEvents(again)).toHaveLength(0);
  });
});

describe("an automatic 'Ausente' ends with the first activity (issue 41)", () => {
  it("with a short idle time, a beat without activity keeps 'Ausente'; a key or tap brings 'En línea' back at once", async () => {
    const a = await makeAgent(deps, "Rita Rápida");
    const t0 = new Date(Date.now() + 40 * 60_000);
    const at = (ms: number) => new Date(t0.getTime() + ms);
    await updateAgentStatus(deps, a.id, { status: "online" }, t0);
    // An idle time of 5 s (the e2e tests' sweep): away at the first sweep after it.
    await heartbeat(deps, a.id, at(3000), 3000);
    await sweepPresence(deps, at(6000), 5000);
    expect(await ownStatus(deps, person(a))).toMatchObject({ status: "away", autoAway: true });
    // The header's own beat (answering the announcement) reports no activity since: still away.
    expect(await heartbeat(deps, a.id, at(7000), 7000)).toMatchObject({ status: "away", autoAway: true });
    expect((await onlineAgents(deps.db, at(7000))).agents.map((x) => x.id)).not.toContain(a.id);
    // A click on /admin/orders: the page beats at once with idle 0.
    const before = await deps.bus.latestId();
    expect(await heartbeat(deps, a.id, at(9000), 0)).toEqual({
      agentId: a.id,
      status: "online",
      autoAway: false,
    });
    expect((await onlineAgents(deps.db, at(9000))).agents.map((x) => x.id)).toContain(a.id);
    const events = await deps.bus.since([TOPICS.presence, TOPICS.staff], before);
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["chat.presence", "chat.agent"]));
    // It was never a choice: the last choice is still the one made at t0.
    expect((await statusRow(a.id))?.chosenAt?.getTime()).toBe(t0.getTime());
  });

  it("the heartbeat answers the status through the route, for the person's own header", async () => {
    const a = await makeAgent(deps, "Hugo Header");
    await updateAgentStatus(deps, a.id, { status: "busy" });
    const config = loadConfig({ SEED_DEMO: "false", DATA_DIR: "/nonexistent", BACKUP_HOUR: "off" });
    const services = { db: deps.db, bus: deps.bus, config, logger: testLogger } as unknown as Services;
    const res = (await agentAction({
      request: new Request("http://localhost/api/chat/agent", {
        method: "POST",
        body: new URLSearchParams({ intent: "heartbeat", idle: "0" }),
      }),
      context: routeContext(services, {
        id: a.userId,
        email: "h@example.com",
        name: a.name,
        role: "operador",
      }),
      params: {},
    } as never)) as { data?: { extra?: unknown } };
    expect(res.data?.extra).toEqual({ status: "busy", autoAway: false });
  });
});
