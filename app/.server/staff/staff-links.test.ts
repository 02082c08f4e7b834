import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MailKind } from "../../lib/mail";
import { listAudit } from "../audit/audit";
import { attemptLogin } from "../auth/login";
import { createSession, readSession } from "../auth/sessions";
import { mailQueue, staffTokens } from "../db/schema";
import { setupTestDatabase } from "../testing/setup";
import { addStaffMember, setStaffActive } from "./staff-admin";
import {
  describePasswordLink,
  findUsableLink,
  RESET_REQUEST_LIMITS,
  requestPasswordReset,
  sendPasswordResetLink,
  usePasswordLink,
} from "./staff-links";

const h = setupTestDatabase({ bus: true });
const owner = { id: null, name: "Dueña" };
const deps = () => ({ db: h.db, bus: h.bus, actor: owner });
const life = { ttlHours: 1, maxDays: 30 };
const T0 = new Date("2026-11-25T15:00:00Z");
const at = (hours: number) => new Date(T0.getTime() + hours * 3600_000);
const NEW_PASSWORD = "una frase que solo yo sé";

const signIn = (email: string, password: string) =>
  attemptLogin(
    h.db,
    { email, password, ip: "10.1.1.1" },
    { maxFailures: 50, windowMinutes: 15, session: life },
  );

/** 'Agregar usuario' without a password, with or without mail leaving. */
function invite(email: string, mailSending = true, now = T0) {
  return addStaffMember(
    deps(),
    { name: "Ana López", email, role: "operador", password: undefined },
    { invite: { invitedBy: "Dueña", mailSending, now } },
  );
}

/** The newest queued message of `kind` to `email`. */
async function lastMail(email: string, kind: MailKind) {
  const [row] = await h.db
    .select()
    .from(mailQueue)
    .where(and(eq(mailQueue.toAddress, email), eq(mailQueue.kind, kind)))
    .orderBy(desc(mailQueue.id))
    .limit(1);
  return row ?? null;
}

async function tokenIn(email: string, kind: "staff.invitation" | "staff.reset") {
  const row = await lastMail(email, kind);
  const token = (row?.params as { token?: string } | undefined)?.token;
  if (!token) throw new Error(`no ${kind} queued for ${email}`);
  return token;
}

const mailCount = async (email: string) =>
  (await h.db.select({ id: mailQueue.id }).from(mailQueue).where(eq(mailQueue.toAddress, email))).length;

describe("invitations (issue 40)", () => {
  it("with mail, creates an account nobody can enter until its link sets the password, and the link works once", async () => {
    const made = await invite("ana@tienda.com");
    expect(made).toMatchObject({
      password: null,
      generated: false,
      invitation: { sent: true, expiresAt: at(48) },
    });
    const mail = await lastMail("ana@tienda.com", "staff.invitation");
    expect(mail?.params).toMatchObject({
      name: "Ana López",
      roleLabel: "operador",
      invitedBy: "Dueña",
      expiresAt: at(48).toISOString(),
    });
    const token = await tokenIn("ana@tienda.com", "staff.invitation");
    // Only the token's SHA-256 is stored: the table cannot be used as links.
    const [row] = await h.db.select().from(staffTokens).where(eq(staffTokens.userId, made.id));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.id).not.toContain(token);

    const used = await usePasswordLink(deps(), token, NEW_PASSWORD, { now: at(1), session: life });
    expect(used.user).toMatchObject({ email: "ana@tienda.com", role: "operador" });
    expect(used.session?.token).toBeTruthy();
    expect((await signIn("ana@tienda.com", NEW_PASSWORD)).user.email).toBe("ana@tienda.com");

    await expect(
      usePasswordLink(deps(), token, "otra frase más larga aún", { now: at(2) }),
    ).rejects.toMatchObject({
      reason: "password-link-used",
    });
    expect(await describePasswordLink(h.db, token, at(2))).toEqual({ status: "used" });
    await expect(signIn("ana@tienda.com", "otra frase más larga aún")).rejects.toMatchObject({
      reason: "credentials",
    });

    const { rows } = await listAudit(h.db, {}, { offset: 0, limit: 50 });
    const mine = rows.filter((r) => r.target === "ana@tienda.com").map((r) => r.action);
    expect(mine).toEqual(
      expect.arrayContaining([
        "staff.created",
        "staff.invitation-sent",
        "staff.invitation-accepted",
        "auth.sign-in",
      ]),
    );
  });

  it("works until 48 hours after it was sent, not after", async () => {
    await invite("beto@tienda.com");
    const token = await tokenIn("beto@tienda.com", "staff.invitation");
    expect(await findUsableLink(h.db, token, at(47.99))).toMatchObject({ purpose: "invitation" });
    expect(await findUsableLink(h.db, token, at(48))).toBeNull();
    expect(await describePasswordLink(h.db, token, at(48))).toEqual({ status: "expired" });
    await expect(usePasswordLink(deps(), token, NEW_PASSWORD, { now: at(48) })).rejects.toMatchObject({
      reason: "password-link-expired",
    });
  });

  it("without mail, keeps the generated password to show once and leaves the invitation in the outbox", async () => {
    const made = await invite("carla@tienda.com", false);
    expect(made).toMatchObject({ generated: true, invitation: { sent: false } });
    expect(made.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect((await signIn("carla@tienda.com", made.password ?? "")).user.email).toBe("carla@tienda.com");
    // Forwarded by the owner, the invitation works too.
    const token = await tokenIn("carla@tienda.com", "staff.invitation");
    await usePasswordLink(deps(), token, NEW_PASSWORD, { now: at(1) });
    expect((await signIn("carla@tienda.com", NEW_PASSWORD)).user.email).toBe("carla@tienda.com");
  });

  it("is not sent when the admin typed the password", async () => {
    const made = await addStaffMember(
      deps(),
      { name: "Dani", email: "dani@tienda.com", role: "admin", password: "la clave que elegí yo" },
      { invite: { invitedBy: "Dueña", mailSending: true, now: T0 } },
    );
    expect(made).toMatchObject({ password: "la clave que elegí yo", generated: false, invitation: null });
    expect(await mailCount("dani@tienda.com")).toBe(0);
  });

  it("does not work while its account is deactivated", async () => {
    const made = await invite("eva@tienda.com");
    const token = await tokenIn("eva@tienda.com", "staff.invitation");
    await setStaffActive(deps(), made.id, false);
    expect(await describePasswordLink(h.db, token, at(1))).toEqual({ status: "unknown" });
    await expect(usePasswordLink(deps(), token, NEW_PASSWORD, { now: at(1) })).rejects.toMatchObject({
      kind: "not_found",
    });
    // Reactivated on purpose by an admin, the account's link (still in its time) is its own again.
    await setStaffActive(deps(), made.id, true);
    expect(await findUsableLink(h.db, token, at(1))).not.toBeNull();
  });

  it("answers 'unknown' for a token that was never issued or is not a token at all", async () => {
    expect(await describePasswordLink(h.db, "A".repeat(43), T0)).toEqual({ status: "unknown" });
    expect(await describePasswordLink(h.db, "../../etc/passwd", T0)).toEqual({ status: "unknown" });
  });
});

describe("reset links (issue 40)", () => {
  it("a newer link ends the older one; using any link ends the person's other open links", async () => {
    const made = await invite("fer@tienda.com");
    const invitation = await tokenIn("fer@tienda.com", "staff.invitation");
    const first = await sendPasswordResetLink(deps(), made.id, T0);
    expect(first).toEqual({ email: "fer@tienda.com", expiresAt: at(2) });
    const older = await tokenIn("fer@tienda.com", "staff.reset");
    await sendPasswordResetLink(deps(), made.id, at(0.5));
    const newer = await tokenIn("fer@tienda.com", "staff.reset");
    expect(await describePasswordLink(h.db, older, at(0.5))).toEqual({ status: "expired" });
    expect(await findUsableLink(h.db, invitation, at(0.5))).not.toBeNull();

    await usePasswordLink(deps(), newer, NEW_PASSWORD, { now: at(1) });
    expect(await describePasswordLink(h.db, invitation, at(1))).toEqual({ status: "expired" });
  });

  it("work for two hours", async () => {
    const made = await invite("gabi@tienda.com");
    await sendPasswordResetLink(deps(), made.id, T0);
    const token = await tokenIn("gabi@tienda.com", "staff.reset");
    expect(await findUsableLink(h.db, token, at(1.99))).not.toBeNull();
    expect(await findUsableLink(h.db, token, at(2))).toBeNull();
  });

  it("ends every session of the person when used, and only then changes the password", async () => {
    const made = await addStaffMember(deps(), {
      name: "Hugo",
      email: "hugo@tienda.com",
      role: "operador",
      password: "la clave de siempre",
    });
    const session = await createSession(h.db, made.id, life);
    await sendPasswordResetLink(deps(), made.id, T0);
    // Asking changes nothing: a stranger's request must not lock anyone out.
    expect(await readSession(h.db, session.token, life)).not.toBeNull();
    expect((await signIn("hugo@tienda.com", "la clave de siempre")).user.email).toBe("hugo@tienda.com");

    const token = await tokenIn("hugo@tienda.com", "staff.reset");
    await usePasswordLink(deps(), token, NEW_PASSWORD, { now: at(1) });
    expect(await readSession(h.db, session.token, life)).toBeNull();
    await expect(signIn("hugo@tienda.com", "la clave de siempre")).rejects.toMatchObject({
      reason: "credentials",
    });
    expect((await signIn("hugo@tienda.com", NEW_PASSWORD)).user.email).toBe("hugo@tienda.com");
  });

  it("is refused by an admin for a deactivated account", async () => {
    const made = await invite("ines@tienda.com");
    await setStaffActive(deps(), made.id, false);
    await expect(sendPasswordResetLink(deps(), made.id, T0)).rejects.toMatchObject({
      reason: "staff-inactive",
    });
  });
});

describe("'¿Olvidaste tu contraseña?' (issue 40)", () => {
  it("queues a link for an active account, whatever the case typed, and nothing for an unknown or deactivated one", async () => {
    const made = await invite("julia@tienda.com");
    const before = await mailCount("julia@tienda.com");
    await expect(
      requestPasswordReset(h.db, { email: " Julia@Tienda.com ", ip: "192.0.2.1" }, T0),
    ).resolves.toBe(undefined);
    expect(await mailCount("julia@tienda.com")).toBe(before + 1);
    expect((await lastMail("julia@tienda.com", "staff.reset"))?.params).toMatchObject({ name: "Ana López" });

    await expect(
      requestPasswordReset(h.db, { email: "nadie@tienda.com", ip: "192.0.2.2" }, T0),
    ).resolves.toBe(undefined);
    expect(await mailCount("nadie@tienda.com")).toBe(0);

    await setStaffActive(deps(), made.id, false);
    await requestPasswordReset(h.db, { email: "julia@tienda.com", ip: "192.0.2.3" }, T0);
    expect(await mailCount("julia@tienda.com")).toBe(before + 1);
  });

  it("is limited per e-mail, known or not, from any address", async () => {
    const { limit } = RESET_REQUEST_LIMITS.perEmail;
    for (let i = 0; i < limit; i++) {
      await requestPasswordReset(h.db, { email: "nadie2@tienda.com", ip: `198.51.100.${i + 1}` }, T0);
    }
    await expect(
      requestPasswordReset(h.db, { email: "nadie2@tienda.com", ip: "198.51.100.99" }, T0),
    ).rejects.toMatchObject({ kind: "rate_limited", reason: "password-link-email" });
    // Two windows later the count is gone.
    await requestPasswordReset(h.db, { email: "nadie2@tienda.com", ip: "198.51.100.99" }, at(2));
  });

  it("is limited per client network, whichever e-mails it asks about", async () => {
    const { limit } = RESET_REQUEST_LIMITS.perAddress;
    for (let i = 0; i < limit; i++) {
      await requestPasswordReset(h.db, { email: `otro${i}@tienda.com`, ip: "2001:db8:1:2::1" }, T0);
    }
    // Another address of the same IPv6 /64 is the same client.
    const refused = requestPasswordReset(h.db, { email: "otro99@tienda.com", ip: "2001:db8:1:2::abcd" }, T0);
    await expect(refused).rejects.toMatchObject({ kind: "rate_limited", reason: "password-link-address" });
    await requestPasswordReset(h.db, { email: "otro99@tienda.com", ip: "2001:db8:9:9::1" }, T0);
  });
});
