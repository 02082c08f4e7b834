import { eq } from "drizzle-orm";
import type { z } from "zod";
import { passwordSchema } from "../../lib/passwords";
import { addStaffSchema } from "../../lib/staff-forms";
import { hashPassword, randomPassword, verifyPassword } from "../auth/password";
import { deleteUserSessions } from "../auth/sessions";
import type { Db } from "../db/client";
import { type StaffRole, staffUsers } from "../db/schema";
import { DomainError } from "../errors";
import { findStaffByEmail } from "./staff";
import { addStaffMember } from "./staff-admin";

/** A new account from code (bootstrap, tests): the form's rules with a password required. */
const newStaffSchema = addStaffSchema.extend({ password: passwordSchema });

/**
 * Adds an account from code (the initial accounts, tests), checked like the 'Agregar usuario'
 * form. Throws a ZodError for bad input and ConflictError("staff-email") for a taken e-mail.
 */
export async function createStaff(db: Db, input: z.input<typeof newStaffSchema>) {
  const made = await addStaffMember({ db }, newStaffSchema.parse(input));
  return { id: made.id, email: made.email, role: input.role };
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
          // A new password in the environment means the old one may have leaked: whoever signed
          // in with it is signed out.
          if (changes.passwordHash) await deleteUserSessions(db, existing.id);
        }
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
      const message =
        err instanceof DomainError
          ? "Ya existe un usuario con ese correo"
          : ((err as { issues?: { message: string }[] }).issues?.map((i) => i.message).join(" ") ??
            (err as Error).message);
      results.push({ status: "error", email, role: acc.role, message });
    }
  }
  return results;
}
