import { and, count, eq, gt, lt, min, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { loginAttempts, staffUsers } from "../db/schema";
import { burnPasswordCheck, verifyPassword } from "./password";
import { createSession, type StaffUser } from "./sessions";

export type LoginLimits = { maxFailures: number; windowMinutes: number };

/** One address may fail more often than one e-mail: several staff can share a shop's Wi-Fi. */
const IP_FACTOR = 2;

export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1).max(320),
  password: z.string().min(1).max(1024),
});

export type LoginError = { title: string; description: string; status: number };

export const LOGIN_INCOMPLETE: LoginError = {
  title: "Campos incompletos",
  description: "Por favor, ingresa tu correo y contraseña.",
  status: 400,
};
export const LOGIN_INVALID: LoginError = {
  title: "Error al iniciar sesión",
  description: "Correo o contraseña incorrectos.",
  status: 401,
};

export type LoginResult =
  | { ok: true; user: StaffUser; token: string; expiresAt: Date }
  | { ok: false; error: LoginError };

/**
 * Checks credentials with a per-e-mail and per-address limit on failures. While a limit is
 * reached even the right password is refused, so guessing cannot continue.
 */
export async function attemptLogin(
  db: Db,
  input: { email?: unknown; password?: unknown; ip: string; userAgent?: string },
  opts: LoginLimits & { sessionTtlHours: number },
): Promise<LoginResult> {
  const parsed = loginSchema.safeParse({ email: input.email ?? "", password: input.password ?? "" });
  if (!parsed.success) return { ok: false, error: LOGIN_INCOMPLETE };
  const { email, password } = parsed.data;

  const waitMinutes = await lockedForMinutes(db, email, input.ip, opts);
  if (waitMinutes > 0) {
    return {
      ok: false,
      error: {
        title: "Demasiados intentos",
        description: `Demasiados intentos fallidos. Espera ${waitMinutes} ${waitMinutes === 1 ? "minuto" : "minutos"} antes de volver a intentarlo.`,
        status: 429,
      },
    };
  }

  const [user] = await db
    .select()
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, email))
    .limit(1);
  const valid = user
    ? await verifyPassword(password, user.passwordHash)
    : (await burnPasswordCheck(password), false);
  if (!user || !valid) {
    await db.insert(loginAttempts).values({ email, ip: input.ip });
    return { ok: false, error: LOGIN_INVALID };
  }

  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
  await db.update(staffUsers).set({ lastSignInAt: new Date() }).where(eq(staffUsers.id, user.id));
  const session = await createSession(db, user.id, {
    ttlHours: opts.sessionTtlHours,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  return {
    ok: true,
    user: { id: user.id, email: user.email, name: user.name, role: user.role },
    ...session,
  };
}

/** Minutes until the oldest counted failure leaves the window, or 0 when not limited. */
async function lockedForMinutes(db: Db, email: string, ip: string, limits: LoginLimits): Promise<number> {
  const windowMs = limits.windowMinutes * 60_000;
  const since = new Date(Date.now() - windowMs);
  const check = async (cond: ReturnType<typeof eq>, max: number) => {
    const [row] = await db
      .select({ n: count(), oldest: min(loginAttempts.createdAt) })
      .from(loginAttempts)
      .where(and(cond, gt(loginAttempts.createdAt, since)));
    if (!row || row.n < max || !row.oldest) return 0;
    const until = new Date(row.oldest).getTime() + windowMs;
    return Math.max(1, Math.ceil((until - Date.now()) / 60_000));
  };
  const byEmail = await check(eq(loginAttempts.email, email), limits.maxFailures);
  const byIp = await check(eq(loginAttempts.ip, ip), limits.maxFailures * IP_FACTOR);
  return Math.max(byEmail, byIp);
}

export async function pruneLoginAttempts(db: Db, windowMinutes: number): Promise<void> {
  const cutoff = new Date(Date.now() - windowMinutes * 60_000);
  await db.delete(loginAttempts).where(or(lt(loginAttempts.createdAt, cutoff)));
}

/** Only a local path may be a post-login destination (no open redirect). */
export function safeRedirect(to: unknown, fallback = "/admin"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) {
    return fallback;
  }
  if (to.startsWith("/admin-login") || to.startsWith("/logout")) return fallback;
  return to;
}
