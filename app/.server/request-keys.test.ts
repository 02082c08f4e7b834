import { describe, expect, it } from "vitest";
import { addCustomerPhoto } from "./content/customer-photos";
import { uploadHeroImage } from "./content/hero-admin";
import { aboutUsCarouselImages, heroGalleryImages, requestResults } from "./db/schema";
import { pruneRequestResults } from "./request-keys";
import { testLogger } from "./testing/db";
import { testPhoto } from "./testing/images";
import { setupTestDatabase, setupTestStorage } from "./testing/setup";

const h = setupTestDatabase({ seed: true, bus: true });
const storage = setupTestStorage();
const deps = () => ({ db: h.db, bus: h.bus, storage, logger: testLogger });

describe("uploads sent again with their request key (third round, finding 7)", () => {
  it("store a hero image and a customer photo once, and answer the same", async () => {
    const requestKey = "0b6a3f1e-2c4d-4e5f-8a9b-0c1d2e3f4a5b";
    const image = await testPhoto({ width: 800, height: 600 });
    const first = await uploadHeroImage(deps(), { image, target: "gallery", by: null, requestKey });
    const again = await uploadHeroImage(deps(), { image, target: "gallery", by: null, requestKey });
    expect(again).toEqual(first);
    expect((await h.db.select().from(heroGalleryImages)).filter((r) => r.id === first.id)).toHaveLength(1);
    const galleryCount = (await h.db.select().from(heroGalleryImages)).length;
    await uploadHeroImage(deps(), { image, target: "gallery", by: null });
    expect(await h.db.select().from(heroGalleryImages)).toHaveLength(galleryCount + 1);

    const photoKey = "1c7b4a2f-3d5e-4f60-9b0c-1d2e3f4a5b6c";
    const photo = await testPhoto({ width: 400, height: 400 });
    const a = await addCustomerPhoto(deps(), photo, photoKey);
    const b = await addCustomerPhoto(deps(), photo, photoKey);
    expect(b).toEqual(a);
    expect((await h.db.select().from(aboutUsCarouselImages)).filter((r) => r.id === a.id)).toHaveLength(1);
  });

  it("forgets results after a day", async () => {
    expect((await h.db.select().from(requestResults)).length).toBeGreaterThan(0);
    await pruneRequestResults(h.db, Date.now() + 25 * 3600_000);
    expect(await h.db.select().from(requestResults)).toHaveLength(0);
  });
});
