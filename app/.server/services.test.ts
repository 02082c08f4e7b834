import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { deliveryPersonnel, orders, products, staffUsers } from "./db/schema";
import { seedDatabase } from "./seed";
import { createServices, createStorage } from "./services";
import { createTestDb, onPostgres, testLogger } from "./testing/db";
import { setupTempDir } from "./testing/setup";

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

// The server seeds a new database in a child process (`node server.js --first-start`,
// server/index.ts); here `seedElsewhere` does the same work in this process.
describe.skipIf(onPostgres)("first start seeded elsewhere, embedded database in a folder", () => {
  const dir = setupTempDir("mm-first-start-");

  it("hands a new folder to seedElsewhere before opening it, and only that once", async () => {
    const config = loadConfig({ ...env, SEED_DEMO: "true", DATA_DIR: dir });
    let calls = 0;
    const seedElsewhere = async () => {
      calls++;
      const database = await openDatabase({ dataDir: config.dataDir, createInProcess: true });
      await seedDatabase(database.db, createStorage(config), config, testLogger);
      await database.close();
    };
    for (let start = 0; start < 2; start++) {
      const s = await createServices(config, testLogger, { seedElsewhere });
      expect(await countOf(s.db, orders)).toBe(3);
      expect((await s.db.select().from(products)).every((p) => p.imageUrl)).toBe(true);
      await s.close();
    }
    expect(calls).toBe(1);
  }, 180_000);
});
