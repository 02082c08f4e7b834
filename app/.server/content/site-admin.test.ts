import { describe, expect, it } from "vitest";
import { SITE_TEXT_DEFAULTS } from "../../lib/site";
import { staffUsers } from "../db/schema";
import { testLogger } from "../testing/db";
import { setupTestDatabase } from "../testing/setup";
import { createSiteContentCache } from "./site";
import { listContentChanges, restoreSiteText, saveSiteText, updateSiteSettings } from "./site-admin";

const h = setupTestDatabase({ seed: true, bus: true });
const deps = () => ({ db: h.db, bus: h.bus });
const addAdmin = async (name: string) => {
  const [u] = await h.db
    .insert(staffUsers)
    .values({ email: `${name.toLowerCase()}@example.com`, name, role: "admin", passwordHash: "x" })
    .returning({ id: staffUsers.id });
  return u?.id ?? null;
};
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
  expect(await check()).toBe(true);
};

describe("site content changes", () => {
  it("save the texts, record who did it, and reach the cached site content", async () => {
    const ana = await addAdmin("Ana");
    const cache = createSiteContentCache({ db: h.db, bus: h.bus, logger: testLogger });
    expect((await cache.get()).text.contactPhone).toBe(SITE_TEXT_DEFAULTS.contactPhone);
    await saveSiteText(deps(), { ...SITE_TEXT_DEFAULTS, contactPhone: "+1 305-555-0199" }, ana);
    await until(async () => (await cache.get()).text.contactPhone === "+1 305-555-0199");
    const [last] = await listContentChanges(h.db);
    expect(last).toMatchObject({ kind: "text", changedBy: "Ana", data: { contactPhone: "+1 305-555-0199" } });
  });

  it("merge a settings change over what is stored, colour by colour", async () => {
    const ana = await addAdmin("Beto");
    await updateSiteSettings(deps(), { colors: { primary: "10 50% 40%" } }, ana);
    const { before, after } = await updateSiteSettings(deps(), { logoSize: 80 }, ana);
    expect(before.colors.primary).toBe("10 50% 40%");
    expect(after).toMatchObject({ logoSize: 80, colors: { primary: "10 50% 40%" } });
    expect(after.colors.secondary).toBe(before.colors.secondary);
    const kinds = (await listContentChanges(h.db, 2)).map((c) => [c.kind, c.changedBy]);
    expect(kinds).toEqual([
      ["settings", "Beto"],
      ["settings", "Beto"],
    ]);
  });

  it("restore a previous version of the texts as a new change; only text versions can be restored", async () => {
    const by = await addAdmin("Carla");
    await saveSiteText(deps(), { ...SITE_TEXT_DEFAULTS, footerText: "Versión uno" }, by);
    const [v1] = await listContentChanges(h.db, 1);
    await saveSiteText(deps(), { ...SITE_TEXT_DEFAULTS, footerText: "Versión dos" }, by);
    const restored = await restoreSiteText(deps(), v1?.id ?? "", by);
    expect(restored.footerText).toBe("Versión uno");
    const [latest] = await listContentChanges(h.db, 1);
    expect(latest).toMatchObject({ kind: "text", data: { footerText: "Versión uno" } });
    await updateSiteSettings(deps(), { logoSize: 60 }, by);
    const [settings] = await listContentChanges(h.db, 1);
    await expect(restoreSiteText(deps(), settings?.id ?? "", by)).rejects.toMatchObject({
      kind: "not_found",
    });
  });

  it("say what each save changed from the one before, in the owner's words", async () => {
    const by = await addAdmin("Dora");
    await saveSiteText(deps(), { ...SITE_TEXT_DEFAULTS, footerText: "Uno" }, by);
    await saveSiteText(
      deps(),
      { ...SITE_TEXT_DEFAULTS, footerText: "Dos", contactPhone: "+17865550123" },
      by,
    );
    await updateSiteSettings(deps(), { colors: { primary: "0 74% 42%" } }, by);
    await updateSiteSettings(
      deps(),
      { bannerImageUrl: "/files/site-assets/public/banners_hero/1-a.webp" },
      by,
      "banner",
    );
    await updateSiteSettings(deps(), { logoSize: 64 }, by);
    const [size, banner, color, text] = await listContentChanges(h.db, 4);
    expect(size?.lines).toEqual([
      {
        label: "Tamaño del logo",
        before: { kind: "text", text: "60 px" },
        after: { kind: "text", text: "64 px" },
      },
    ]);
    expect(banner?.lines).toEqual([
      {
        label: "Banner",
        before: { kind: "none", text: "Sin imagen" },
        after: { kind: "image", url: "/files/site-assets/public/banners_hero/1-a.webp", text: "Imagen" },
      },
    ]);
    expect(color?.lines).toMatchObject([
      { label: "Color principal", after: { kind: "color", text: "#ba1c1c" } },
    ]);
    expect(text?.lines).toEqual([
      {
        label: "Teléfono",
        before: { kind: "text", text: "(305) 555-0100" },
        after: { kind: "text", text: "(786) 555-0123" },
      },
      {
        label: "Texto del pie de página",
        before: { kind: "text", text: "Uno" },
        after: { kind: "text", text: "Dos" },
      },
    ]);
  });
});
