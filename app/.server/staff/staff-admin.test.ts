import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { defined } from "../../test/defined";
import { listAudit } from "../audit/audit";
import { attemptLogin } from "../auth/login";
import { verifyPassword } from "../auth/password";
import { readSession } from "../auth/sessions";
import { ensureAgent, updateAgentStatus } from "../chat/agents";
import { chatAgents } from "../db/schema";
import { sessionCookieHeader } from "../testing/routes";
import { setupTestApp } from "../testing/setup";
import { openSse } from "../testing/sse-client";
import { findStaffByEmail } from "./staff";
import {
  addStaffMember,
  changeOwnPassword,
  changeStaffRole,
  endStaffSessions,
  resetStaffMemberPassword,
  setStaffActive,
} from "./staff-admin";

const app = setupTestApp();
const owner = { id: null, name: "Prueba" };
const deps = () => ({ db: app.services.db, bus: app.services.bus, actor: owner });
const life = { ttlHours: 1, maxDays: 30 };
const limits = { maxFailures: 50, windowMinutes: 15, session: life };
const signIn = (email: string, password: string) =>
  attemptLogin(app.services.db, { email, password, ip: "10.0.0.9" }, limits);

async function person(email: string, role: "admin" | "operador" = "operador", password?: string) {
  return addStaffMember(deps(), { name: email.split("@")[0] ?? "x", email, role, password });
}

describe("staff management (docs/product.md §3.7)", () => {
  it("adds a person with a generated password shown once, or with the admin's, and refuses a taken e-mail", async () => {
    const gen = await person("ana@tienda.com");
    expect(gen.generated).toBe(true);
    expect(gen.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect((await signIn("ana@tienda.com", gen.password)).user.role).toBe("operador");
    const set = await person("beto@tienda.com", "admin", "una frase larga y mía");
    expect(set).toMatchObject({ generated: false, password: "una frase larga y mía" });
    await expect(person("ANA@tienda.com")).rejects.toMatchObject({ reason: "staff-email" });
  });

  it("never leaves the site without an active admin: no demotion or deactivation of the last one", async () => {
    const admins = (await app.services.db.query.staffUsers.findMany()).filter((u) => u.role === "admin");
    // The test app's configured admin plus 'beto': demote one, then the other is the last.
    const first = defined(admins[0], "first admin");
    const second = defined(admins[1], "second admin");
    await changeStaffRole(deps(), first.id, "operador");
    await expect(changeStaffRole(deps(), second.id, "operador")).rejects.toMatchObject({
      reason: "last-admin",
    });
    await expect(setStaffActive(deps(), second.id, false)).rejects.toMatchObject({ reason: "last-admin" });
    await changeStaffRole(deps(), first.id, "admin");
    await setStaffActive(deps(), second.id, false);
    await setStaffActive(deps(), second.id, true);
  });

  it("deactivation refuses sign-in, ends sessions and live streams at once, and sets the agent offline", async () => {
    const made = await person("carla@tienda.com", "operador", "carla tiene clave larga");
    const login = await signIn("carla@tienda.com", "carla tiene clave larga");
    const agent = await ensureAgent(deps(), { id: made.id, name: "carla" });
    await updateAgentStatus(deps(), agent.id, {
      status: "online",
      estimatedResponseTime: "5-10 minutos",
      statusMessage: null,
    });
    const stream = openSse(`${app.url}/events/staff`, { cookie: await sessionCookieHeader(login.token) });
    await stream.waitFor(() => stream.messages.some((m) => m.event === "ready"));

    await setStaffActive(deps(), made.id, false);
    await stream.ended; // the server closed it
    expect(await readSession(app.services.db, login.token, life)).toBeNull();
    await expect(signIn("carla@tienda.com", "carla tiene clave larga")).rejects.toMatchObject({
      reason: "credentials",
    });
    const [row] = await app.services.db
      .select({ on: chatAgents.isOnline })
      .from(chatAgents)
      .where(eq(chatAgents.id, agent.id));
    expect(row?.on).toBe(false);

    await setStaffActive(deps(), made.id, true);
    expect((await signIn("carla@tienda.com", "carla tiene clave larga")).user.email).toBe("carla@tienda.com");
  });

  it("a reset password replaces the old one and ends sessions; 'Cerrar sesiones' ends them all", async () => {
    const made = await person("dora@tienda.com", "operador", "dora primera clave");
    const a = await signIn("dora@tienda.com", "dora primera clave");
    const r = await resetStaffMemberPassword(deps(), made.id, undefined);
    expect(r.generated).toBe(true);
    expect(await readSession(app.services.db, a.token, life)).toBeNull();
    await expect(signIn("dora@tienda.com", "dora primera clave")).rejects.toMatchObject({
      reason: "credentials",
    });
    await signIn("dora@tienda.com", r.password);
    await signIn("dora@tienda.com", r.password);
    expect(await endStaffSessions(deps(), made.id)).toBe(2);
  });

  it("changes one's own password only with the current one, keeping this session and ending the others", async () => {
    const made = await person("eva@tienda.com", "operador", "eva clave numero uno");
    const here = await signIn("eva@tienda.com", "eva clave numero uno");
    const there = await signIn("eva@tienda.com", "eva clave numero uno");
    await expect(
      changeOwnPassword(deps(), made.id, {
        currentPassword: "no es esta",
        newPassword: "eva clave numero dos",
      }),
    ).rejects.toMatchObject({ reason: "current-password" });
    await changeOwnPassword(
      deps(),
      made.id,
      { currentPassword: "eva clave numero uno", newPassword: "eva clave numero dos" },
      here.token,
    );
    expect(await readSession(app.services.db, here.token, life)).not.toBeNull();
    expect(await readSession(app.services.db, there.token, life)).toBeNull();
    const user = defined(await findStaffByEmail(app.services.db, "eva@tienda.com"), "eva's account");
    expect(await verifyPassword("eva clave numero dos", user.passwordHash)).toBe(true);
  });

  it("writes every change to the audit log with who, what and which record — never a password", async () => {
    const { rows } = await listAudit(app.services.db, { kind: "staff" }, { offset: 0, limit: 100 });
    const actions = rows.map((r) => r.action);
    for (const a of [
      "staff.created",
      "staff.role",
      "staff.deactivated",
      "staff.reactivated",
      "staff.password-reset",
      "staff.sessions-ended",
      "staff.password-changed",
    ]) {
      expect(actions).toContain(a);
    }
    // The initial accounts were made by the system (no actor); everything else by 'Prueba'.
    expect(rows.filter((r) => r.actorName !== "Prueba").map((r) => [r.action, r.actorName])).toEqual([
      ["staff.created", null],
      ["staff.created", null],
    ]);
    // Newest first: demoted, then made admin again.
    expect(rows.filter((r) => r.action === "staff.role").map((r) => r.changes?.role)).toEqual([
      ["operador", "admin"],
      ["admin", "operador"],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/clave|password"/i);
    const signIns = await listAudit(app.services.db, { kind: "auth" }, { offset: 0, limit: 100 });
    expect(
      signIns.rows.some((r) => r.action === "auth.sign-in-failed" && r.target === "carla@tienda.com"),
    ).toBe(true);
  });
});

describe("two admins changing each other at once", () => {
  it("never deadlock: rows are locked in one order, so one wins and the other sees the result", async () => {
    for (let round = 0; round < 6; round++) {
      const a = await person(`dueno-a-${round}@tienda.com`, "admin");
      const b = await person(`dueno-b-${round}@tienda.com`, "admin");
      const results = await Promise.allSettled([
        changeStaffRole(deps(), a.id, "operador"),
        changeStaffRole(deps(), b.id, "operador"),
      ]);
      for (const r of results) {
        if (r.status === "rejected") expect(String(r.reason)).not.toMatch(/deadlock/i);
      }
      // Both demotions may succeed (other admins remain); none failed with a database error.
      expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    }
  });
});
