import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import type { StaffUser } from "~/.server/auth/sessions";
import { measureBrightness } from "~/.server/content/hero-brightness";
import { createSiteContentCache, type SiteContentCache } from "~/.server/content/site";
import { auditLog, heroGalleryImages } from "~/.server/db/schema";
import type { Services } from "~/.server/services";
import { testLogger } from "~/.server/testing/db";
import { testPhoto } from "~/.server/testing/images";
import { callRoute, formPost, ownerOf, routeContext, TEST_OPERADOR } from "~/.server/testing/routes";
import { setupTestDatabase, setupTestStorage } from "~/.server/testing/setup";
import { describeAuditEntry } from "~/lib/audit-entries";
import type { FormReply } from "~/lib/forms";
import { findJargon } from "~/lib/plain-words";
import { loader as homeLoader } from "~/routes/home/route";
import { action as upload } from "../uploads";
import { action } from "./route";

// Issue 42, 'Encuadre': a focal point and an overlay per hero image, saved by 'Guardar encuadre'
// and drawn by the landing on every screen; each picture's lightness measured at upload.

type RouteFn = Parameters<typeof callRoute>[0];
const h = setupTestDatabase({ seed: true, bus: true });
const storage = setupTestStorage();
let siteContent: SiteContentCache | null = null;
const services = () => {
  siteContent ??= createSiteContentCache({ db: h.db, bus: h.bus, logger: testLogger });
  return { db: h.db, bus: h.bus, storage, logger: testLogger, siteContent } as unknown as Services;
};
let admin: StaffUser;

const post = (fn: RouteFn, fields: Record<string, string | Blob>, user: StaffUser | null = admin) =>
  callRoute<FormReply>(fn, formPost("/admin/hero-images", fields), routeContext(services(), user));
const images = () => h.db.select().from(heroGalleryImages).orderBy(heroGalleryImages.displayOrder);
const landing = async () =>
  (
    await callRoute<Awaited<ReturnType<typeof homeLoader>>>(
      homeLoader,
      new Request("http://localhost/"),
      routeContext(services(), null),
    )
  ).data;
/** Each landing slide's framing (the banner's and the built-in picture's have none). */
const frames = async () => (await landing()).slides.map((s) => ("frame" in s ? s.frame : undefined));
/** One colour all over: a landscape photo as an owner would upload it. */
const plain = async (r: number, g: number, b: number) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r, g, b } } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    "foto.jpg",
    { type: "image/jpeg" },
  );
const saveFrame = (fields: Record<string, string>, user: StaffUser | null = admin) =>
  post(action, { intent: "hero-frame-save", ...fields }, user);

beforeEach(async () => {
  admin ??= await ownerOf(h.db);
  await h.db.delete(heroGalleryImages);
});

describe("'Guardar encuadre' (issue 42)", () => {
  it("saves a focal point and overlay that the landing draws, audited in words", async () => {
    await post(upload, { intent: "hero-main-save", image: await testPhoto() });
    const [main] = await images();
    // A new picture is framed on its centre with the automatic overlay.
    expect(main).toMatchObject({ focalX: 50, focalY: 50, overlay: "auto" });

    const saved = await saveFrame({ id: main?.id ?? "", focalX: "95", focalY: "30", overlay: "oscuro" });
    expect(saved).toMatchObject({
      status: 200,
      data: { ok: true, message: { description: "Encuadre guardado." } },
    });
    expect((await images())[0]).toMatchObject({ focalX: 95, focalY: 30, overlay: "oscuro" });
    expect((await frames())[0]).toEqual({ position: "95% 30%", overlay: 0.7 });

    const [row] = await h.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({
      action: "site.images",
      target: "hero",
      entityId: main?.id,
      actorId: admin.id,
    });
    const shown = describeAuditEntry({ ...row, at: row?.at.toISOString() ?? "" } as never);
    expect(shown.label).toBe("Imágenes del sitio cambiadas");
    expect(shown.target).toBe("Carrusel principal");
    expect(shown.summary).toBe("Encuadre de la imagen principal cambiado");
    expect(shown.lines).toEqual([
      {
        label: "Punto horizontal",
        before: { kind: "text", text: "50 %" },
        after: { kind: "text", text: "95 %" },
      },
      {
        label: "Punto vertical",
        before: { kind: "text", text: "50 %" },
        after: { kind: "text", text: "30 %" },
      },
      {
        label: "Oscurecido detrás del título",
        before: { kind: "text", text: "Automático" },
        after: { kind: "text", text: "Mucho" },
      },
    ]);
    expect(findJargon(JSON.stringify([shown.label, shown.target, shown.summary, shown.lines]))).toEqual([]);
  });

  it("refuses a point out of 0–100 (101) or an unknown overlay in Spanish, and saves nothing", async () => {
    await post(upload, { intent: "hero-main-save", image: await testPhoto() });
    const [main] = await images();
    const id = main?.id ?? "";
    const over = await saveFrame({ id, focalX: "101", focalY: "50", overlay: "auto" });
    expect(over.status).toBe(400);
    expect(over.data.result.error?.focalX).toEqual(["El punto horizontal máximo es 100 %."]);
    expect(over.data.message?.description).toBe(
      "No se pudo guardar el encuadre: revisa los campos marcados.",
    );
    const under = await saveFrame({ id, focalX: "50", focalY: "-1", overlay: "gris" });
    expect(under.status).toBe(400);
    expect(under.data.result.error).toMatchObject({
      focalY: ["El punto vertical mínimo es 0 %."],
      overlay: ["Elige de la lista cuánto oscurecer la imagen."],
    });
    const half = await saveFrame({ id, focalX: "50.5", focalY: "50", overlay: "auto" });
    expect(half.data.result.error?.focalX).toEqual(["El punto horizontal debe ser un número entero."]);
    expect((await images())[0]).toMatchObject({ focalX: 50, focalY: 50, overlay: "auto" });

    const gone = await saveFrame({
      id: "00000000-0000-4000-8000-000000000000",
      focalX: "10",
      focalY: "10",
      overlay: "auto",
    });
    expect([gone.status, gone.data.message?.description]).toEqual([404, "Imagen no encontrada."]);
    const audited = await h.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audited.filter((r) => (r.changes as { what?: string } | null)?.what === "focal-point")).toEqual(
      [],
    );
  });

  it("is refused to an operador (403) and to visitors (401); nothing is saved", async () => {
    await post(upload, { intent: "hero-main-save", image: await testPhoto() });
    const [main] = await images();
    const fields = { id: main?.id ?? "", focalX: "0", focalY: "0", overlay: "ninguno" };
    const operador = await saveFrame(fields, TEST_OPERADOR);
    expect(operador.status).toBe(403);
    expect(operador.data.message?.description).toBe("No tienes permiso para esta acción.");
    expect((await saveFrame(fields, null)).status).toBe(401);
    expect((await images())[0]).toMatchObject({ focalX: 50, focalY: 50, overlay: "auto" });
  });

  it("frames a gallery image on its own and says which picture changed", async () => {
    await post(upload, { intent: "hero-main-save", image: await testPhoto() });
    await post(upload, { intent: "hero-gallery-add", image: await testPhoto() });
    const [main, gallery] = await images();
    await saveFrame({ id: gallery?.id ?? "", focalX: "10", focalY: "90", overlay: "auto" });
    expect((await frames()).map((f) => f?.position)).toEqual(["50% 50%", "10% 90%"]);
    expect((await images())[0]).toMatchObject({ id: main?.id, focalX: 50, focalY: 50 });
    const [row] = await h.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    const shown = describeAuditEntry({ ...row, at: "" } as never);
    expect(shown.summary).toBe("Encuadre de una imagen de la galería cambiado");
    // The overlay did not change: only the point's lines.
    expect(shown.lines.map((l) => l.label)).toEqual(["Punto horizontal", "Punto vertical"]);
  });
});

describe("the picture's lightness, measured at upload with sharp", () => {
  it("reads a white picture as bright and a black one as dark, and the landing darkens them to suit", async () => {
    await post(upload, { intent: "hero-main-save", image: await plain(255, 255, 255) });
    await post(upload, { intent: "hero-gallery-add", image: await plain(0, 0, 0) });
    await post(upload, { intent: "hero-gallery-add", image: await plain(128, 128, 128) });
    const [white, black, grey] = await images();
    expect(white?.brightness).toBeGreaterThanOrEqual(98);
    expect(black?.brightness).toBeLessThanOrEqual(2);
    expect(grey?.brightness).toBeGreaterThanOrEqual(48);
    expect(grey?.brightness).toBeLessThanOrEqual(52);
    // 'auto': the brighter the picture, the stronger its overlay (docs/decisions/0030).
    expect((await frames()).map((f) => f?.overlay)).toEqual([0.85, 0.3, expect.any(Number)]);
    const medium = (await frames())[2]?.overlay ?? 0;
    expect(medium).toBeGreaterThan(0.45);
    expect(medium).toBeLessThan(0.6);
  });

  it("weighs green over blue as the eye does, and reads a transparent picture over black", async () => {
    const green = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#00ff00" } })
      .png()
      .toBuffer();
    const blue = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#0000ff" } })
      .png()
      .toBuffer();
    const clear = await sharp({
      create: { width: 64, height: 64, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } },
    })
      .png()
      .toBuffer();
    expect(await measureBrightness(green)).toBe(72);
    expect(await measureBrightness(blue)).toBe(7);
    expect(await measureBrightness(clear)).toBe(0);
  });

  it("starts a new main picture at its centre, with its own lightness, keeping fit and size", async () => {
    await post(upload, { intent: "hero-main-save", image: await plain(255, 255, 255) });
    const [first] = await images();
    await saveFrame({ id: first?.id ?? "", focalX: "90", focalY: "10", overlay: "claro" });
    await post(action, {
      intent: "hero-style-save",
      width: "80",
      height: "100",
      object_fit: "contain",
      object_position_x: "right",
      object_position_y: "top",
    });
    await post(upload, { intent: "hero-main-save", image: await plain(0, 0, 0) });
    const [replaced] = await images();
    expect(replaced).toMatchObject({ id: first?.id, focalX: 50, focalY: 50, overlay: "auto" });
    expect(replaced?.brightness).toBeLessThanOrEqual(2);
    expect(replaced?.styleSettings).toMatchObject({ object_fit: "contain", width: 80 });
  });
});

describe("card 2's positions are presets of the focal point", () => {
  const style = (x: string, y: string) => ({
    intent: "hero-style-save",
    width: "100",
    height: "100",
    object_fit: "cover",
    object_position_x: x,
    object_position_y: y,
  });

  it("keeps the point when its position reads as it did, and moves it to a changed one", async () => {
    await post(upload, { intent: "hero-main-save", image: await testPhoto() });
    const [main] = await images();
    await saveFrame({ id: main?.id ?? "", focalX: "80", focalY: "40", overlay: "auto" });
    // 80 % reads 'right', 40 % 'center': saving them unchanged keeps the point.
    await post(action, style("right", "center"));
    expect((await images())[0]).toMatchObject({ focalX: 80, focalY: 40 });
    // A changed vertical position moves only that axis, to its edge.
    await post(action, style("right", "bottom"));
    expect((await images())[0]).toMatchObject({ focalX: 80, focalY: 100 });
    await post(action, style("left", "bottom"));
    expect((await images())[0]).toMatchObject({ focalX: 0, focalY: 100 });
    expect((await frames())[0]?.position).toBe("0% 100%");
  });
});
