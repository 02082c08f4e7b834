import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type StaffRole, staffUsers } from "../db/schema";

/** Reading staff accounts; changes are in ./staff-admin.ts, the initial accounts in ./bootstrap.ts. */

export type StaffListEntry = {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  lastSignInAt: Date | null;
  createdAt: Date;
  deactivatedAt: Date | null;
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
      deactivatedAt: staffUsers.deactivatedAt,
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
