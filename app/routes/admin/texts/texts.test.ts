import { describe, expect, it } from "vitest";
import type { StaffUser } from "~/.server/auth/sessions";
import { listContentChanges, updateSiteSettings } from "~/.server/content/site-admin";
import { siteText } from "~/.server/db/schema";
import { eventually, withTwoInstances } from "~/.server/testing/app";
import { onPostgres } from "~/.server/testing/db";
import { callRoute, formPost, ownerOf, routeContext, TEST_OPERADOR } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import { siteTextFormValues } from "~/lib/content-forms";
import type { FormReply } from "~/lib/forms";
import { SITE_TEXT_DEFAULTS } from "~/lib/site";
import { action, loader } from "./route";

const app = setupTestApp();
const post = async (fields: Record<string, string>, user: StaffUser | null = null) =>
  callRoute<FormReply>(
    action,
    formPost("/admin/textos", fields),
    routeContext(app.services, user ?? (await ownerOf(app.services.db))),
  );
/** What the form posts for the default texts ('Usar el mismo número' ticked), with changes. */
const texts = (over: Partial<Record<string, string | undefined>> = {}) => {
  const values: Record<string, string | undefined> = {
    intent: "text-save",
    ...siteTextFormValues(SITE_TEXT_DEFAULTS),
    ...over,
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
};

describe("the 'Textos' tab's action", () => {
  it("saves every text, says so with the spec's toast, and the site shows it at once", async () => {
    const r = await post(
      texts({ contactPhone: "(305) 555-0199", businessHoursSaturday: "9:00 AM - 1:00 PM", footerText: "" }),
    );
    expect(r).toMatchObject({
      status: 200,
      data: {
        ok: true,
        message: { title: "Éxito", description: "Contenido de texto actualizado correctamente." },
      },
    });
    const { text } = await app.services.siteContent.get();
    // The phone is checked and stored in E.164; an empty field shows its default.
    expect(text).toMatchObject({
      contactPhone: "+13055550199",
      businessHoursSaturday: "9:00 AM - 1:00 PM",
      footerText: SITE_TEXT_DEFAULTS.footerText,
    });
    const [change] = await listContentChanges(app.services.db, 1);
    expect(change).toMatchObject({ kind: "text", changedBy: "Dueña" });
  });

  it("refuses a bad phone, e-mail or WhatsApp number by the field, keeping what was typed", async () => {
    const r = await post(
      texts({
        contactPhone: "12",
        contactEmail: "info@",
        whatsappSame: undefined,
        whatsappNumber: "wa.me/tienda",
        heroTitle: "Nuevo",
      }),
    );
    expect(r.status).toBe(400);
    expect(r.data.message).toMatchObject({
      description: "No se pudo guardar el texto: revisa los campos marcados.",
    });
    expect(r.data.result.error).toMatchObject({
      contactPhone: [expect.stringMatching(/^Número de teléfono inválido/)],
      contactEmail: [expect.stringMatching(/^Correo inválido/)],
      whatsappNumber: [expect.stringMatching(/^Este no es un número de WhatsApp/)],
    });
    expect(r.data.result.initialValue).toMatchObject({ heroTitle: "Nuevo", contactEmail: "info@" });
    expect((await app.services.siteContent.get()).text.heroTitle).toBe(SITE_TEXT_DEFAULTS.heroTitle);
  });

  it("takes a WhatsApp number of its own, or the contact phone's with 'Usar el mismo número'", async () => {
    const own = await post(
      texts({ whatsappSame: undefined, whatsappNumber: "+506 8888 7777", contactPhone: "+505 8888 1234" }),
    );
    expect(own.status).toBe(200);
    expect((await app.services.siteContent.get()).text).toMatchObject({
      contactPhone: "+50588881234",
      whatsappNumber: "+50688887777",
    });
    // Ticked again, a number still in the (hidden) field is not kept.
    expect((await post(texts({ whatsappSame: "on", whatsappNumber: "+506 8888 7777" }))).status).toBe(200);
    expect((await app.services.siteContent.get()).text.whatsappNumber).toBe("");
  });

  it("restores a previous version of the texts from the history", async () => {
    await post(texts({ heroTitle: "Versión A" }));
    const [a] = await listContentChanges(app.services.db, 1);
    await post(texts({ heroTitle: "Versión B" }));
    const r = await post({ intent: "text-restore", changeId: a?.id ?? "" });
    expect(r.data).toMatchObject({ ok: true, message: { title: "Restaurado" } });
    expect((await app.services.siteContent.get()).text.heroTitle).toBe("Versión A");
    const missing = await post({ intent: "text-restore", changeId: crypto.randomUUID() });
    expect(missing.status).toBe(404);
  });

  it("restores an earlier appearance or banner from the history; the newest version offers no 'Restaurar'", async () => {
    const deps = { db: app.services.db, bus: app.services.bus };
    const by = (await ownerOf(app.services.db)).id;
    await updateSiteSettings(deps, { colors: { primary: "0 74% 42%" }, fontFamily: "Lato" }, by);
    const [a] = await listContentChanges(app.services.db, 1);
    await updateSiteSettings(deps, { colors: { primary: "220 80% 40%" }, fontFamily: "Nunito" }, by);
    const panel = async () =>
      (
        await callRoute<{ changes: { id: string; restorable: boolean; lines: unknown[] }[] }>(
          loader,
          new Request("http://localhost/admin/textos"),
          routeContext(app.services, await ownerOf(app.services.db)),
        )
      ).data.changes;
    const before = await panel();
    expect(before[0]).toMatchObject({ restorable: false });
    expect(before.find((c) => c.id === a?.id)).toMatchObject({ restorable: true });
    // The saved versions themselves never reach the page, only what they changed.
    expect(before[0]).not.toHaveProperty("data");

    const r = await post({ intent: "change-restore", changeId: a?.id ?? "" });
    expect(r.data).toMatchObject({
      ok: true,
      message: { title: "Restaurado", description: "Se restauró esa versión de la apariencia." },
    });
    expect((await app.services.siteContent.get()).settings).toMatchObject({
      colors: { primary: "0 74% 42%" },
      fontFamily: "Lato",
    });

    // A banner whose picture is no longer kept cannot come back, and says why.
    await updateSiteSettings(
      deps,
      { bannerImageUrl: "/files/site-assets/public/banners_hero/gone.webp" },
      null,
      "banner",
    );
    const [gone] = await listContentChanges(app.services.db, 1);
    await updateSiteSettings(deps, { bannerImageUrl: "" }, by, "banner");
    expect((await panel()).find((c) => c.id === gone?.id)).toMatchObject({ restorable: false });
    const refused = await post({ intent: "change-restore", changeId: gone?.id ?? "" });
    expect([refused.status, refused.data.message?.description]).toEqual([
      404,
      "No se pudo restaurar el banner: esa imagen ya no se guarda (solo las últimas 5).",
    ]);
  });

  it("is refused to operador (403) and visitors (401); the panel shows the texts and their history", async () => {
    const fields = texts({ heroTitle: "Intruso" });
    expect(
      (await callRoute(action, formPost("/admin/textos", fields), routeContext(app.services, null))).status,
    ).toBe(401);
    expect((await post(fields, TEST_OPERADOR)).status).toBe(403);
    expect((await app.services.siteContent.get()).text.heroTitle).not.toBe("Intruso");
    const page = await callRoute<{ text: { heroTitle: string }; changes: { changedBy: string }[] }>(
      loader,
      new Request("http://localhost/admin/textos"),
      routeContext(app.services, await ownerOf(app.services.db)),
    );
    expect(page.data.text.heroTitle).toBe("Versión A");
    expect(page.data.changes.length).toBeGreaterThan(3);
    expect(page.data.changes[0]?.changedBy).toBe("Dueña");
  });
});

describe.runIf(onPostgres)("two instances on one Postgres", () => {
  it("a text saved on one instance shows on the other within 2 s", () =>
    withTwoInstances(async (a, b) => {
      expect((await b.services.siteContent.get()).text.contactPhone).toBe(SITE_TEXT_DEFAULTS.contactPhone);
      const r = await callRoute(
        action,
        formPost("/admin/textos", texts({ contactPhone: "+1 786 555 0123" })),
        routeContext(a.services, await ownerOf(a.services.db)),
      );
      expect(r.status).toBe(200);
      const phone = async () => (await b.services.siteContent.get()).text.contactPhone;
      expect(await eventually(async () => (await phone()) === "+17865550123")).toBe(true);
    }));

  it("points at stored texts the site cannot use (a WhatsApp link kept from before numbers), and only then", async () => {
    const problems = async () =>
      (
        await callRoute<{ textProblems: Record<string, string[]> | null }>(
          loader,
          new Request("http://localhost/admin/textos"),
          routeContext(app.services, await ownerOf(app.services.db)),
        )
      ).data.textProblems;
    const [row] = await app.services.db.select().from(siteText);
    const saved = row?.data ?? {};
    await app.services.db.update(siteText).set({ data: { ...saved, whatsappNumber: "https://wa.me/" } });
    app.services.siteContent.invalidate();
    expect(Object.keys((await problems()) ?? {})).toEqual(["whatsappNumber"]);
    await app.services.db.update(siteText).set({ data: saved });
    app.services.siteContent.invalidate();
    expect(await problems()).toBeNull();
  });
});
