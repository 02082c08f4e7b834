import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../db/client";
import { siteText } from "../db/schema";
import { seedDefaults } from "../db/seed";
import { createEventBus, type EventBus } from "../events/bus";
import { createTestDb, testLogger } from "../testing/db";
import { createSiteContentCache, SITE_TOPIC } from "./site";

let h: DbHandle;
let bus: EventBus;
beforeAll(async () => {
  h = await createTestDb();
  await seedDefaults(h.db);
  bus = await createEventBus({ db: h.db, pool: h.pool, logger: testLogger });
});
afterAll(async () => {
  await bus.close();
  await h.close();
});

describe("site content cache", () => {
  it("serves the stored text until a change is announced on the site topic", async () => {
    const cache = createSiteContentCache({ db: h.db, bus, logger: testLogger });
    expect((await cache.get()).text.heroTitle).toBe("Tu mini market latino en Miami");
    await h.db.update(siteText).set({ data: { heroTitle: "Nuevo título" } });
    expect((await cache.get()).text.heroTitle).toBe("Tu mini market latino en Miami");
    await bus.publish(SITE_TOPIC, "site.updated", {});
    for (let i = 0; i < 50 && (await cache.get()).text.heroTitle !== "Nuevo título"; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await cache.get()).text.heroTitle).toBe("Nuevo título");
    // Unset keys keep their Spanish defaults.
    expect((await cache.get()).text.businessHoursSunday).toBe("Cerrado");
  });
});
