import { describe, expect, it } from "vitest";
import { defined } from "../../test/defined";
import { verifyPassword } from "../auth/password";
import { createSession, readSession } from "../auth/sessions";
import { setupTestDatabase } from "../testing/setup";
import { bootstrapStaff, createStaff } from "./bootstrap";
import { findStaffByEmail, listStaff } from "./staff";

const h = setupTestDatabase();

describe("initial staff accounts", () => {
  it("creates an admin and an operador with generated passwords when nothing is configured", async () => {
    const first = await bootstrapStaff(h.db, {});
    expect(first.map((r) => [r.status, r.role])).toEqual([
      ["created", "admin"],
      ["created", "operador"],
    ]);
    for (const r of first) {
      expect(r.generatedPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);
      const user = defined(await findStaffByEmail(h.db, r.email), r.email);
      expect(
        await verifyPassword(defined(r.generatedPassword, "generated password"), user.passwordHash),
      ).toBe(true);
    }
    // Idempotent: nothing new, no password printed again.
    const again = await bootstrapStaff(h.db, {});
    expect(again.map((r) => r.status)).toEqual(["exists_updated", "exists_updated"]);
    expect(again.every((r) => r.generatedPassword === undefined)).toBe(true);
    expect(await listStaff(h.db)).toHaveLength(2);
  });

  it("uses configured credentials and updates a changed password", async () => {
    const env = { adminEmail: "Duena@Tienda.com", adminPassword: "primera-clave" };
    const r1 = await bootstrapStaff(h.db, env);
    expect(r1[0]).toMatchObject({ status: "created", email: "duena@tienda.com", role: "admin" });
    expect(r1[0]?.generatedPassword).toBeUndefined();
    const user = defined(await findStaffByEmail(h.db, "duena@tienda.com"), "the owner's account");
    const life = { ttlHours: 24, maxDays: 30 };
    const old = await createSession(h.db, user.id, life);
    // A restart with the same password keeps sessions.
    expect((await bootstrapStaff(h.db, env))[0]?.sessionsEndedFor).toBeUndefined();
    expect(await readSession(h.db, old.token, life)).not.toBeNull();
    // A changed password signs out whoever signed in with the old one.
    const r2 = await bootstrapStaff(h.db, { ...env, adminPassword: "segunda-clave" });
    expect(r2[0]).toMatchObject({ status: "exists_updated", message: "Usuario existente actualizado" });
    expect(r2[0]?.sessionsEndedFor).toBe(user.id);
    expect(await readSession(h.db, old.token, life)).toBeNull();
    const updated = defined(await findStaffByEmail(h.db, "duena@tienda.com"), "the owner's account");
    expect(await verifyPassword("segunda-clave", updated.passwordHash)).toBe(true);
  });
});

describe("accounts created from code", () => {
  it("are checked like the form: duplicates, roles and short passwords refused", async () => {
    await createStaff(h.db, {
      email: "op2@tienda.com",
      name: "Op Dos",
      role: "operador",
      password: "clave-segura",
    });
    await expect(
      createStaff(h.db, { email: "OP2@tienda.com", name: "X", role: "operador", password: "clave-segura" }),
    ).rejects.toThrow(/staff-email/);
    await expect(
      createStaff(h.db, {
        email: "x@tienda.com",
        name: "X",
        role: "jefe" as "admin",
        password: "clave-segura",
      }),
    ).rejects.toThrow(/Administrador u Operador/);
    await expect(
      createStaff(h.db, { email: "y@tienda.com", name: "Y", role: "admin", password: "corta" }),
    ).rejects.toThrow(/al menos 12/);
    expect((await findStaffByEmail(h.db, "op2@tienda.com"))?.name).toBe("Op Dos");
  });
});
