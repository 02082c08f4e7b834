import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { hashPassword, randomPassword, verifyPassword } from "../auth/password";
import { deleteUserSessions } from "../auth/sessions";
import type { Db } from "../db/client";
import { STAFF_ROLES, type StaffRole, staffUsers } from "../db/schema";

export const newStaffSchema = z.object({
  email: z.email("Correo inválido").trim().toLowerCase(),
  name: z.string().trim().min(1, "El nombre es obligatorio").max(100),
  role: z.enum(STAFF_ROLES, { message: "El rol debe ser admin u operador" }),
  password: z.string().min(8, "La contraseña debe tener al menos 8 caracteres").max(1024),
});

export type StaffListEntry = {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  lastSignInAt: Date | null;
  createdAt: Date;
};

export async function listStaff(db: Db): Promise<StaffListEntry[]> {
  return db
    .select({
      id: staffUsers.id,
      name: staffUsers.name,
      email: staffUsers.email,
      role: staffUsers.role,
      lastSignInAt: staffUsers.lastSignInAt,
      createdAt: staffUsers.createdAt,
    })
    .from(staffUsers)
    .orderBy(asc(staffUsers.name));
}

export async function findStaffByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function createStaff(db: Db, input: z.input<typeof newStaffSchema>) {
  const data = newStaffSchema.parse(input);
  if (await findStaffByEmail(db, data.email))
    throw new Error(`Ya existe un usuario con el correo ${data.email}`);
  const [row] = await db
    .insert(staffUsers)
    .values({
      email: data.email,
      name: data.name,
      role: data.role,
      passwordHash: await hashPassword(data.password),
    })
    .returning({ id: staffUsers.id, email: staffUsers.email, role: staffUsers.role });
  if (!row) throw new Error("No se pudo crear el usuario");
  return row;
}

/**
 * Sets a new password and signs the user out everywhere; returns the user's id, so the caller
 * can announce it to live streams (announceSessionsEnded).
 */
export async function resetStaffPassword(db: Db, email: string, password: string): Promise<string> {
  const parsed = newStaffSchema.shape.password.parse(password);
  const user = await findStaffByEmail(db, email);
  if (!user) throw new Error(`No existe un usuario con el correo ${email}`);
  await db
    .update(staffUsers)
    .set({ passwordHash: await hashPassword(parsed), updatedAt: new Date() })
    .where(eq(staffUsers.id, user.id));
  await deleteUserSessions(db, user.id);
  return user.id;
}

export type BootstrapResult = {
  status: "created" | "exists_updated" | "error";
  email: string;
  role: StaffRole;
  message: string;
  /** Only set for an account created with a generated password: printed once, never stored. */
  generatedPassword?: string;
  /** Set when the configured password changed: every session of this user was ended. */
  sessionsEndedFor?: string;
};

type Account = { role: StaffRole; name: string; email?: string; password?: string; defaultEmail: string };

/**
 * Creates or verifies the two initial staff accounts (docs/product.md §3.8, docs/product.md). Credentials
 * come from the environment when set; otherwise a missing account is created with a random
 * password that the caller prints once. Safe to run on every start.
 */
export async function bootstrapStaff(
  db: Db,
  env: { adminEmail?: string; adminPassword?: string; operatorEmail?: string; operatorPassword?: string },
): Promise<BootstrapResult[]> {
  const accounts: Account[] = [
    {
      role: "admin",
      name: "Administrador",
      email: env.adminEmail,
      password: env.adminPassword,
      defaultEmail: "admin@minimarket.local",
    },
    {
      role: "operador",
      name: "Operador",
      email: env.operatorEmail,
      password: env.operatorPassword,
      defaultEmail: "operador@minimarket.local",
    },
  ];
  const results: BootstrapResult[] = [];
  for (const acc of accounts) {
    const email = (acc.email ?? acc.defaultEmail).toLowerCase();
    try {
      const existing = await findStaffByEmail(db, email);
      if (existing) {
        const changes: Partial<typeof staffUsers.$inferInsert> = {};
        if (acc.password && !(await verifyPassword(acc.password, existing.passwordHash))) {
          changes.passwordHash = await hashPassword(acc.password);
        }
        if (acc.email && existing.role !== acc.role) changes.role = acc.role;
        if (Object.keys(changes).length > 0) {
          await db
            .update(staffUsers)
            .set({ ...changes, updatedAt: new Date() })
            .where(eq(staffUsers.id, existing.id));
        }
        // A new password in the environment means the old one may have leaked: whoever signed
        // in with it is signed out.
        if (changes.passwordHash) await deleteUserSessions(db, existing.id);
        results.push({
          status: "exists_updated",
          email,
          role: acc.role,
          message: Object.keys(changes).length > 0 ? "Usuario existente actualizado" : "Usuario verificado",
          sessionsEndedFor: changes.passwordHash ? existing.id : undefined,
        });
        continue;
      }
      if (!acc.email) {
        // No account configured: only create the default one when this role has nobody yet.
        const [someone] = await db
          .select({ id: staffUsers.id })
          .from(staffUsers)
          .where(eq(staffUsers.role, acc.role))
          .limit(1);
        if (someone) {
          results.push({
            status: "exists_updated",
            email,
            role: acc.role,
            message: "Ya existe personal con este rol",
          });
          continue;
        }
      }
      const password = acc.password ?? randomPassword();
      await createStaff(db, { email, name: acc.name, role: acc.role, password });
      results.push({
        status: "created",
        email,
        role: acc.role,
        message: "Usuario creado",
        generatedPassword: acc.password ? undefined : password,
      });
    } catch (err) {
      results.push({ status: "error", email, role: acc.role, message: (err as Error).message });
    }
  }
  return results;
}
