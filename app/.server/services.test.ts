import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { deliveryPersonnel, orders, products, staffUsers } from "./db/schema";
import { createServices } from "./services";
import { createTestDb, testLogger } from "./testing/db";

const env = {
  ADMIN_EMAIL: "admin@example.com",
  ADMIN_PASSWORD: "admin-pass-123",
  OPERATOR_EMAIL: "op@example.com",
  OPERATOR_PASSWORD: "op-pass-1234",
};
const countOf = async (
  db: Awaited<ReturnType<typeof createTestDb>>["db"],
  table: typeof products | typeof orders,
) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;

// Each test opens a database and runs whole first starts (migrations, demo images): they get more
// than the default 30 s, which a busy 2-core machine can exceed.
describe("first start", () => {
  it("seeds demo products, couriers and orders once, with valid tracking numbers", async () => {
    const database = await createTestDb();
    const close = database.close;
    database.close = async () => {}; // keep the database open across the two starts
    const first = await createServices(loadConfig({ ...env, SEED_DEMO: "true" }), testLogger, { database });
    const db = first.db;
    expect(await countOf(db, products)).toBeGreaterThanOrEqual(6);
    const demo = await db.select().from(orders);
    expect(demo.length).toBe(3);
    for (const o of demo) expect(o.trackingNumber).toMatch(/^TRK-\d{4}-[A-Z0-9]{6}$/);
    expect((await db.select().from(deliveryPersonnel)).length).toBeGreaterThan(0);
    await first.close();

    // A second start adds nothing.
    const second = await createServices(loadConfig({ ...env, SEED_DEMO: "true" }), testLogger, { database });
    expect(await countOf(second.db, orders)).toBe(3);
    expect((await second.db.select().from(staffUsers)).length).toBe(2);
    await second.close();
    await close();
  }, 120_000);

  it("starts empty with SEED_DEMO=false, but with the staff accounts", async () => {
    const database = await createTestDb();
    const s = await createServices(loadConfig({ ...env, SEED_DEMO: "false" }), testLogger, { database });
    expect(await countOf(s.db, products)).toBe(0);
    expect(await countOf(s.db, orders)).toBe(0);
    expect((await s.db.select().from(staffUsers)).map((u) => u.role).sort()).toEqual(["admin", "operador"]);
    await s.close();
  }, 120_000);
});
