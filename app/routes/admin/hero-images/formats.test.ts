import { describe, expect, it } from "vitest";
import { heroCarouselSettings, heroGalleryImages } from "~/.server/db/schema";
import { callRoute, formPost, ownerOf, routeContext } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import type { FormReply } from "~/lib/forms";
import { action } from "./route";

/**
 * The hero screen's fields with a format (sizes in %, positions, fit, autoplay speed): wrong
 * values posted straight to the action get a Spanish error by the field and nothing is stored
 * (docs/product.md §4.7).
 */
const app = setupTestApp();

const post = async (fields: Record<string, string>) =>
  callRoute<FormReply>(
    action,
    formPost("/admin/hero-images", fields),
    routeContext(app.services, await ownerOf(app.services.db)),
  );
const stored = async () =>
  JSON.stringify([
    await app.services.db.select().from(heroGalleryImages),
    await app.services.db.select().from(heroCarouselSettings),
  ]);

async function refusesAll(base: Record<string, string>, field: string, wrong: string[]) {
  expect(wrong.length).toBeGreaterThanOrEqual(3);
  for (const value of wrong) {
    const before = await stored();
    const r = await post({ ...base, [field]: value });
    expect(r.status, `${field} = ${value}`).toBe(400);
    const message = r.data.result.error?.[field]?.[0];
    expect(message, `${field} = ${value}`).toMatch(/^(El|La|Elige) /);
    expect(message).not.toMatch(/\b(invalid|expected|received)\b/i);
    expect(await stored(), `${field} = ${value} stored something`).toBe(before);
  }
}

const style = {
  intent: "hero-style-save",
  width: "100",
  height: "100",
  object_fit: "cover",
  object_position_x: "center",
  object_position_y: "center",
};
const settings = {
  intent: "hero-settings-save",
  isEnabled: "true",
  autoplaySpeed: "5000",
  showArrows: "true",
  showDots: "true",
};

describe("/admin/hero-images refuses values it cannot use", () => {
  it("main image sizes: whole numbers from 10 to 100 %", async () => {
    await app.services.db
      .insert(heroGalleryImages)
      .values({ imageUrl: "/files/site-assets/public/hero-main/a.webp", displayOrder: 0 });
    for (const field of ["width", "height"])
      await refusesAll(style, field, ["5", "101", "50.5", "ancho", "-10"]);
  });

  it("fit and positions: one of the list", async () => {
    await refusesAll(style, "object_fit", ["stretch", "COVER", "", "url(x)"]);
    await refusesAll(style, "object_position_x", ["middle", "50%", "izquierda"]);
    await refusesAll(style, "object_position_y", ["middle", "0px", "arriba"]);
  });

  it("autoplay speed: 1000–10000 ms in steps of 500", () =>
    refusesAll(settings, "autoplaySpeed", ["999", "10500", "2750", "rápido", "5000.5"]));
});
