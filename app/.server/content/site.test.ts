import { describe, expect, it } from "vitest";
import { TOPICS } from "../../lib/events";
import { siteText } from "../db/schema";
import { testLogger } from "../testing/db";
import { setupTestDatabase } from "../testing/setup";
import { createSiteContentCache } from "./site";

const h = setupTestDatabase({ seed: true, bus: true });

describe("site content cache", () => {
  it("serves the stored text until a change is announced on the site topic", async () => {
    const cache = createSiteContentCache({ db: h.db, bus: h.bus, logger: testLogger });
    expect((await cache.get()).text.heroTitle).toBe("Tu mini market latino en Miami");
    await h.db.update(siteText).set({ data: { heroTitle: "Nuevo título" } });
    expect((await cache.get()).text.heroTitle).toBe("Tu mini market latino en Miami");
    await h.bus.publish(TOPICS.site, "site.changed", { kind: "text" });
    for (let i = 0; i < 50 && (await cache.get()).text.heroTitle !== "Nuevo título"; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await cache.get()).text.heroTitle).toBe("Nuevo título");
    // Unset keys keep their Spanish defaults.
    expect((await cache.get()).text.businessHoursSunday).toBe("Cerrado");
  });
});
