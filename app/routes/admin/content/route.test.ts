import { describe, expect, it } from "vitest";
import type { StaffUser } from "~/.server/auth/sessions";
import { listBannerHistory } from "~/.server/content/banner";
import { listContentChanges } from "~/.server/content/site-admin";
import { isStored, testPhoto } from "~/.server/testing/images";
import { callRoute, formPost, ownerOf, routeContext, TEST_OPERADOR } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import type { FormReply } from "~/lib/forms";
import { variantUrl } from "~/lib/images";
import { loader as homeLoader } from "../../home/route";
import { action, loader } from "./route";

const app = setupTestApp();

const photo = (format: "jpeg" | "png" | "webp" | "gif" = "jpeg") =>
  testPhoto({ width: 1920, height: 1080, format });
async function send(fields: Record<string, string | Blob>, user?: StaffUser | null) {
  const who = user === undefined ? await ownerOf(app.services.db) : user;
  return callRoute<FormReply>(action, formPost("/admin/content", fields), routeContext(app.services, who));
}
const upload = async (blob: Blob) => send({ intent: "banner-update", banner: blob });
const banner = async () => (await app.services.siteContent.get()).settings.bannerImageUrl;
const root = () => (app.services.storage as unknown as { root: string }).root;
const stored = (url: string) => isStored(root(), url);

describe("the banner of /admin/content (docs/product.md §3.5)", () => {
  it("refuses a save without a new picture with 'Sin cambios', and other types and sizes with the spec's messages", async () => {
    const none = await send({ intent: "banner-update" });
    expect(none).toMatchObject({
      status: 400,
      data: { message: { title: "Sin cambios", description: "No has seleccionado una nueva imagen." } },
    });
    const gif = await upload(await photo("gif"));
    expect(gif.status).toBe(400);
    expect(gif.data.message?.description).toBe("Formato de imagen no válido. Use JPG, PNG o WebP.");
    // The server reads the bytes, not the type the browser claims.
    const disguised = new Blob([await (await photo("gif")).arrayBuffer()], { type: "image/png" });
    expect((await upload(disguised)).data.message?.description).toBe(
      "Formato de imagen no válido. Use JPG, PNG o WebP.",
    );
    // A phone's photo as taken (up to 10 MB) is taken and made small; beyond that it is refused (issue 42).
    const huge = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: "image/jpeg" });
    expect((await upload(huge)).data.message?.description).toBe(
      "La imagen es demasiado grande. Máximo 10MB.",
    );
    const notImage = new Blob(["no soy una foto"], { type: "image/jpeg" });
    expect((await upload(notImage)).data.message?.description).toBe(
      "Error al subir banner: El archivo no es una imagen válida.",
    );
    expect(await banner()).toBe("");
    expect(await listBannerHistory(app.services.db)).toEqual([]);
  });

  it("updates the banner with its phone widths, keeps each upload in the history, restores one and the default", async () => {
    const first = await upload(await photo("jpeg"));
    expect(first.data).toMatchObject({ ok: true, message: { title: "Éxito" } });
    const a = await banner();
    expect(a).toMatch(/^\/files\/site-assets\/public\/banners_hero\/.+\.webp$/);
    for (const w of [640, 960, 1280]) expect(stored(variantUrl(a, w))).toBe(true);

    await upload(await photo("png"));
    const b = await banner();
    expect(b).not.toBe(a);
    const history = await listBannerHistory(app.services.db);
    expect(history.map((h) => h.imageUrl)).toEqual([b, a]);
    expect(history[0]).toMatchObject({ uploadedBy: "Dueña", restoredAt: null });

    const older = history[1]?.id ?? "";
    const restored = await send({ intent: "banner-restore", historyId: older });
    expect(restored.data).toMatchObject({ ok: true, message: { title: "Restaurado" } });
    expect(await banner()).toBe(a);
    expect((await listBannerHistory(app.services.db))[1]?.restoredAt).not.toBeNull();

    const missing = await send({ intent: "banner-restore", historyId: crypto.randomUUID() });
    expect(missing).toMatchObject({
      status: 404,
      data: { message: { description: "No se pudo restaurar el banner: Imagen no encontrada." } },
    });

    const def = await send({ intent: "banner-default" });
    expect(def.data).toMatchObject({ ok: true, message: { title: "Restaurado" } });
    expect(await banner()).toBe("");
    expect(stored(a) && stored(b)).toBe(true); // both stay restorable from the history
    const kinds = (await listContentChanges(app.services.db, 4)).map((c) => c.kind);
    expect(kinds).toEqual(["banner", "banner", "banner", "banner"]);
  });

  it("keeps the last 5 banners and removes older files, but never the one shown", async () => {
    await send({ intent: "banner-default" });
    const urls: string[] = [];
    for (let i = 0; i < 7; i++) {
      await upload(await photo("jpeg"));
      urls.push(await banner());
    }
    const history = await listBannerHistory(app.services.db, 50);
    expect(history.map((h) => h.imageUrl)).toEqual(urls.slice(-5).reverse());
    expect(urls.slice(0, 2).map(stored)).toEqual([false, false]);
    expect(urls.slice(-5).every(stored)).toBe(true);
  });

  it("shows the page with the current banner and its history to the admin only", async () => {
    const page = await callRoute<{ banner: string; history: unknown[]; historyFailed: boolean }>(
      loader,
      new Request("http://localhost/admin/content"),
      routeContext(app.services, await ownerOf(app.services.db)),
    );
    expect(page.data).toMatchObject({ banner: await banner(), historyFailed: false });
    expect(page.data.history).toHaveLength(5);
    const asOperador = await callRoute(
      loader,
      new Request("http://localhost/admin/content"),
      routeContext(app.services, TEST_OPERADOR),
    );
    expect(asOperador.status).toBe(302);
    const before = await banner();
    expect((await send({ intent: "banner-default" }, TEST_OPERADOR)).status).toBe(403);
    expect((await send({ intent: "banner-update", banner: await photo() }, null)).status).toBe(401);
    expect(await banner()).toBe(before);
  });

  it("says where the banner shows, and draws a banner with its own text whole on the landing page, as the owner chose", async () => {
    const owner = await ownerOf(app.services.db);
    const { heroCarouselSettings, heroGalleryImages } = await import("~/.server/db/schema");
    const [slide] = await app.services.db
      .insert(heroGalleryImages)
      .values({ imageUrl: "/images/hero-default.svg", displayOrder: 0 })
      .returning({ id: heroGalleryImages.id });
    const home = async (url = "http://localhost/", who: StaffUser | null = null) =>
      (
        await callRoute<{ layout: string; slides: { id: string }[] }>(
          homeLoader,
          new Request(url),
          routeContext(app.services, who),
        )
      ).data;
    const contentPage = async () =>
      (
        await callRoute<{ layout: string; placement: { onHome: boolean; carouselOn: boolean } | null }>(
          loader,
          new Request("http://localhost/admin/content"),
          routeContext(app.services, owner),
        )
      ).data;

    // The demo site's carousel is on: the banner waits, and the screen and the toast say so.
    const page = await contentPage();
    expect(page.placement).toMatchObject({ onHome: false, carouselOn: true });
    const uploaded = await upload(await photo());
    expect(uploaded.data.message?.description).toBe(
      "Banner actualizado. La portada no lo muestra mientras el carrusel de 'Imágenes Hero' esté activado.",
    );
    expect((await home()).layout).toBe("overlay");
    // Staff preview it as it will be drawn; a visitor's same address is the normal page.
    expect((await home("http://localhost/?vista=banner&diseno=full", owner)).layout).toBe("full");
    expect((await home("http://localhost/?vista=banner&diseno=full", null)).slides[0]?.id).not.toBe("banner");

    await app.services.db.update(heroCarouselSettings).set({ isEnabled: false });
    expect((await contentPage()).placement).toMatchObject({ onHome: true });
    const saved = await send({ intent: "banner-layout", layout: "full" });
    expect(saved.data).toMatchObject({
      ok: true,
      message: { description: "Se guardó cómo se muestra el banner." },
    });
    const drawn = await home();
    expect(drawn).toMatchObject({ layout: "full", slides: [{ id: "banner" }] });
    expect((await send({ intent: "banner-layout", layout: "sideways" })).status).toBe(400);
    expect((await send({ intent: "banner-layout", layout: "overlay" }, TEST_OPERADOR)).status).toBe(403);
    expect((await contentPage()).layout).toBe("full");
    await app.services.db.update(heroCarouselSettings).set({ isEnabled: true });
    expect(slide).toBeDefined();
  });
});
