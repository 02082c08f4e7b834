import { and, eq, isNull, sql } from "drizzle-orm";
import type { StaffRole } from "../../lib/permissions";
import type { AddStaffInput } from "../../lib/staff-forms";
import { audited, recordAudit } from "../audit/audit";
import { hashPassword, randomPassword, verifyPassword } from "../auth/password";
import { announceSessionsEnded, deleteUserSessions } from "../auth/sessions";
import { signOffAgent } from "../chat/agents";
import type { Db } from "../db/client";
import { LOCKS } from "../db/locks";
import { staffUsers } from "../db/schema";
import type { Deps } from "../deps";
import { ConflictError, InvalidInputError, NotFoundError } from "../errors";
import { enforceRateLimit } from "../ratelimit";
import { findStaffByEmail } from "./staff";
import { queueInvitation } from "./staff-links";

/**
 * Staff accounts managed by an admin from /admin/users, and by each person for their own
 * password (docs/product.md §3.7). Every change is audited in its transaction. The last active
 * admin can never be demoted or deactivated: ConflictError("last-admin").
 */

type StaffRow = { id: string; email: string; name: string; role: StaffRole; deactivatedAt: Date | null };

/**
 * Locks a person's row for a change. Every change to staff rows first takes one transaction-level
 * lock, so rows are always locked in the same order: two admins demoting each other at once on
 * Postgres each locked their own row, then waited for the other's (deadlock detected, a 500).
 */
async function lockStaff(tx: Db, userId: string): Promise<StaffRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.staffRows})`);
  const [row] = await tx
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      name: staffUsers.name,
      role: staffUsers.role,
      deactivatedAt: staffUsers.deactivatedAt,
    })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId))
    .for("update");
  if (!row) throw new NotFoundError("staff");
  return row;
}

/** Refuses a change that would leave no active admin. Locks the active admins' rows. */
async function keepAnAdmin(tx: Db, target: StaffRow): Promise<void> {
  if (target.role !== "admin" || target.deactivatedAt) return;
  const admins = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "admin"), isNull(staffUsers.deactivatedAt)))
    .for("update");
  if (admins.every((a) => a.id === target.id)) throw new ConflictError("last-admin");
}

const about = (u: { id: string; email: string }) => ({ entityId: u.id, target: u.email });

export type AddedStaff = {
  id: string;
  email: string;
  /** The password to show once when it was generated; null when the invitation replaces it. */
  password: string | null;
  generated: boolean;
  /** The invitation queued for the person, and whether it leaves by mail or waits in the outbox. */
  invitation: { expiresAt: Date; sent: boolean } | null;
};

/**
 * 'Agregar usuario' from /admin/users: who invites (the invitation names them) and whether mail
 * leaves (services.mail.sending).
 */
export type InviteOptions = { invitedBy: string | null; mailSending: boolean; now?: Date };

/**
 * 'Agregar usuario': with the admin's password, or a generated one returned to show once. With
 * `invite` and no password typed, an invitation link (48 h, staff-links.ts) is queued in the same
 * transaction: when mail leaves it replaces the password (the account gets a random one nobody
 * ever sees, so it cannot be used before the person chooses theirs); without mail the generated
 * password is still shown, and the invitation waits in the outbox (/admin/correo) for the owner
 * to forward. A password the admin typed is the way in they chose: no invitation then.
 */
export async function addStaffMember(
  deps: Pick<Deps, "db" | "actor">,
  input: AddStaffInput,
): Promise<AddedStaff & { password: string }>;
export async function addStaffMember(
  deps: Pick<Deps, "db" | "actor">,
  input: AddStaffInput,
  opts: { invite?: InviteOptions },
): Promise<AddedStaff>;
export async function addStaffMember(
  deps: Pick<Deps, "db" | "actor">,
  input: AddStaffInput,
  opts: { invite?: InviteOptions } = {},
): Promise<AddedStaff> {
  const invite = input.password ? undefined : opts.invite;
  const linkOnly = !!invite?.mailSending;
  const password = input.password ?? randomPassword();
  const passwordHash = await hashPassword(password);
  return audited(deps.db, deps.actor ?? null, async (tx) => {
    if (await findStaffByEmail(tx, input.email)) throw new ConflictError("staff-email");
    const [row] = await tx
      .insert(staffUsers)
      .values({ email: input.email, name: input.name, role: input.role, passwordHash })
      .returning({ id: staffUsers.id, email: staffUsers.email });
    if (!row) throw new Error("staff insert returned nothing");
    const invitation = invite
      ? {
          ...(await queueInvitation(
            tx,
            { ...row, name: input.name, role: input.role },
            { invitedBy: invite.invitedBy, now: invite.now ?? new Date() },
          )),
          sent: linkOnly,
        }
      : null;
    return {
      result: {
        ...row,
        password: linkOnly ? null : password,
        generated: !input.password && !linkOnly,
        invitation,
      },
      audit: [
        { action: "staff.created", ...about(row), changes: { name: input.name, role: input.role } },
        ...(invitation ? [{ action: "staff.invitation-sent" as const, ...about(row) }] : []),
      ],
    };
  });
}

/** Changes a person's role; their sessions go on with the new role at their next request. */
export async function changeStaffRole(deps: Deps, userId: string, role: StaffRole): Promise<void> {
  await audited(deps.db, deps.actor ?? null, async (tx) => {
    const target = await lockStaff(tx, userId);
    if (target.role === role) return { result: null, audit: null };
    if (role !== "admin") await keepAnAdmin(tx, target);
    await tx.update(staffUsers).set({ role, updatedAt: new Date() }).where(eq(staffUsers.id, userId));
    return {
      result: null,
      audit: { action: "staff.role", ...about(target), changes: { role: [target.role, role] } },
    };
  });
}

/**
 * Deactivates (no sign-in, every session and live stream ends at once, on every instance) or
 * reactivates a person.
 */
export async function setStaffActive(deps: Deps, userId: string, active: boolean): Promise<void> {
  const ended = await audited(deps.db, deps.actor ?? null, async (tx) => {
    const target = await lockStaff(tx, userId);
    if (!!target.deactivatedAt === !active) return { result: false, audit: null };
    if (!active) await keepAnAdmin(tx, target);
    await tx
      .update(staffUsers)
      .set({ deactivatedAt: active ? null : new Date(), updatedAt: new Date() })
      .where(eq(staffUsers.id, userId));
    if (!active) await deleteUserSessions(tx, userId);
    return {
      result: !active,
      audit: { action: active ? "staff.reactivated" : "staff.deactivated", ...about(target) },
    };
  });
  if (ended) {
    await announceSessionsEnded(deps.bus, userId);
    await signOffAgent(deps, userId);
  }
}

/** 'Restablecer contraseña': the admin's or a generated one (returned to show once); sessions end. */
export async function resetStaffMemberPassword(
  deps: Deps,
  userId: string,
  password: string | undefined,
): Promise<{ password: string; generated: boolean }> {
  const next = password ?? randomPassword();
  const passwordHash = await hashPassword(next);
  await audited(deps.db, deps.actor ?? null, async (tx) => {
    const target = await lockStaff(tx, userId);
    await tx.update(staffUsers).set({ passwordHash, updatedAt: new Date() }).where(eq(staffUsers.id, userId));
    await deleteUserSessions(tx, userId);
    return { result: null, audit: { action: "staff.password-reset", ...about(target) } };
  });
  await announceSessionsEnded(deps.bus, userId);
  return { password: next, generated: !password };
}

/** 'Cerrar sesiones': signs the person out everywhere. */
export async function endStaffSessions(deps: Deps, userId: string): Promise<number> {
  const count = await audited(deps.db, deps.actor ?? null, async (tx) => {
    const target = await lockStaff(tx, userId);
    const n = await deleteUserSessions(tx, userId);
    return {
      result: n,
      audit: { action: "staff.sessions-ended", ...about(target), changes: { sessions: n } },
    };
  });
  await announceSessionsEnded(deps.bus, userId);
  return count;
}

/**
 * A person changes their own password (the current one required). Their other sessions end;
 * the one they use stays. Throws InvalidInputError("current-password").
 */
export async function changeOwnPassword(
  deps: Deps,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  /** The session token of the request: that session stays signed in. */
  keepToken?: string,
): Promise<void> {
  const [row] = await deps.db
    .select({ passwordHash: staffUsers.passwordHash, email: staffUsers.email })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId));
  if (!row) throw new NotFoundError("staff");
  // Guesses at the current password are limited and recorded, as sign-ins are.
  await enforceRateLimit(deps.db, "password-check", userId, { limit: 5, windowSeconds: 900 });
  if (!(await verifyPassword(input.currentPassword, row.passwordHash))) {
    await recordAudit(deps.db, deps.actor ?? null, {
      action: "staff.password-check-failed",
      entityId: userId,
      target: row.email,
    });
    throw new InvalidInputError("current-password", "currentPassword");
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(staffUsers).set({ passwordHash, updatedAt: new Date() }).where(eq(staffUsers.id, userId));
    await deleteUserSessions(tx, userId, keepToken);
    await recordAudit(tx, deps.actor ?? null, {
      action: "staff.password-changed",
      entityId: userId,
      target: row.email,
    });
  });
}
