import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { StaffUser } from "~/.server/auth/sessions";
import { listContentChanges } from "~/.server/content/site-admin";
import { eventually, withTwoInstances } from "~/.server/testing/app";
import { onPostgres } from "~/.server/testing/db";
import { isStored, storedPath } from "~/.server/testing/images";
import { callRoute, ownerOf, routeContext, TEST_OPERADOR } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import type { FormReply } from "~/lib/forms";
import { DEFAULT_COLORS } from "~/lib/site";
import { action } from "./route";

const app = setupTestApp();

const fields = (over: Record<string, string> = {}) => ({
  intent: "appearance-save",
  logoUrl: "",
  logoTop: "0px",
  logoLeft: "0px",
  logoSize: "50",
  "colors.primary": DEFAULT_COLORS.primary,
  "colors.secondary": DEFAULT_COLORS.secondary,
  "colors.accent": DEFAULT_COLORS.accent,
  "colors.text": DEFAULT_COLORS.text,
  "colors.background": DEFAULT_COLORS.background,
  fontFamily: "Poppins",
  ...over,
});
async function post(values: Record<string, string>, logo?: Blob, user?: StaffUser | null) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  if (logo) form.set("logo", logo, "logo.png");
  const request = new Request("http://localhost/admin/apariencia", { method: "POST", body: form });
  const who = user === undefined ? await ownerOf(app.services.db) : user;
  return callRoute<FormReply>(action, request, routeContext(app.services, who));
}
const png = (w = 900, h = 300) =>
  sharp({ create: { width: w, height: h, channels: 4, background: "#c0392b" } })
    .png()
    .toBuffer()
    .then((b) => new Blob([new Uint8Array(b)], { type: "image/png" }));
const settings = async () => (await app.services.siteContent.get()).settings;
const root = () => (app.services.storage as unknown as { root: string }).root;
const stored = (url: string) => isStored(root(), url);

describe("the 'Apariencia' tab's action (docs/product.md §3.2)", () => {
  it("saves colours, font, logo position and size, with the spec's toast, and the site shows them at once", async () => {
    const r = await post(
      fields({
        "colors.primary": "#1d4ed8",
        "colors.text": "rgb(17, 24, 39)",
        "colors.accent": "gold",
        fontFamily: "Nunito",
        logoTop: "4px",
        logoLeft: "-0.5rem",
        logoSize: "72",
      }),
    );
    expect(r).toMatchObject({
      status: 200,
      data: { ok: true, message: { title: "Éxito", description: "Apariencia actualizada." } },
    });
    // Every spelling is stored as the HSL triplet the site's CSS variables use.
    expect(await settings()).toMatchObject({
      colors: { ...DEFAULT_COLORS, primary: "224 76% 48%", text: "221 39% 11%", accent: "51 100% 50%" },
      fontFamily: "Nunito",
      logoPosition: { top: "4px", left: "-0.5rem" },
      logoSize: 72,
    });
    const [change] = await listContentChanges(app.services.db, 1);
    expect(change).toMatchObject({ kind: "settings", changedBy: "Dueña" });
  });

  it("refuses colours that read badly by the colour to change, says how to save them anyway, and the override saves", async () => {
    const before = await settings();
    const pale = fields({ "colors.primary": "hsl(262 84% 78%)", "colors.text": "0 0% 70%" });
    const r = await post(pale);
    expect(r.status).toBe(400);
    const error = r.data.result.error ?? {};
    // The two colours at fault are marked, each saying which colours read badly and how badly.
    expect(Object.keys(error).sort()).toEqual(["colors.primary", "colors.text", "confirmContrast"]);
    expect(error["colors.primary"]?.[0]).toMatch(
      /^Los enlaces y títulos en morado claro sobre el fondo blanco se leen mal: contraste \d(,\d)?:1 \(se recomienda al menos 4,5:1\)\. El texto blanco de los botones sobre este morado claro se lee mal: contraste/,
    );
    expect(error["colors.text"]?.[0]).toMatch(
      /^El texto gris sobre el fondo blanco se lee mal: contraste 2:1 /,
    );
    // The way on is said by the one box that saves them anyway, and in the message.
    const override = "Si quieres guardarlo así, marca «Guardar aunque se lea mal» y vuelve a guardar.";
    expect(error.confirmContrast).toEqual([override]);
    expect(r.data.message?.description).toBe(
      `No se pudo guardar la apariencia: los colores marcados se leen mal. ${override}`,
    );
    // What was typed comes back as typed (the form shows it again, also without JavaScript).
    expect(r.data.result.initialValue).toMatchObject({
      colors: { primary: "hsl(262 84% 78%)", text: "0 0% 70%" },
    });
    expect(await settings()).toEqual(before);

    const confirmed = await post({ ...pale, confirmContrast: "on" });
    expect(confirmed.status).toBe(200);
    expect((await settings()).colors).toMatchObject({ primary: "262 84% 78%", text: "0 0% 70%" });
    await post(fields());
  });

  it("refuses bad positions, sizes, fonts and logo links by the field, keeping what was typed", async () => {
    const before = await settings();
    const r = await post(
      fields({
        logoTop: "10",
        logoLeft: "calc(1px)",
        logoSize: "120",
        fontFamily: "Comic Sans",
        logoUrl: "javascript:alert(1)",
      }),
    );
    expect(r.status).toBe(400);
    expect(r.data.message?.description).toBe("No se pudo guardar la apariencia: revisa los campos marcados.");
    expect(Object.keys(r.data.result.error ?? {}).sort()).toEqual(
      ["fontFamily", "logoLeft", "logoSize", "logoTop", "logoUrl"].sort(),
    );
    expect(r.data.result.initialValue).toMatchObject({ logoTop: "10", fontFamily: "Comic Sans" });
    expect(await settings()).toEqual(before);
  });

  it("stores an uploaded logo as public/logo-{timestamp}.webp, replaces it and removes the old file", async () => {
    const first = await post(fields(), await png());
    expect(first.status).toBe(200);
    const url1 = (await settings()).logoUrl;
    expect(url1).toMatch(/^\/files\/site-assets\/public\/logo-\d+\.webp$/);
    const meta = await sharp(storedPath(root(), url1)).metadata();
    expect(meta).toMatchObject({ format: "webp", height: 200 }); // 100 px shown, twice for sharp screens

    await new Promise((r) => setTimeout(r, 5)); // a new timestamp
    await post(fields({ logoUrl: url1 }), await png(400, 400));
    const url2 = (await settings()).logoUrl;
    expect(url2).not.toBe(url1);
    expect(stored(url2)).toBe(true);
    expect(stored(url1)).toBe(false);

    // A typed address replaces the stored logo, whose file goes; an empty field means no logo.
    await post(fields({ logoUrl: "https://cdn.example.com/logo.png" }));
    expect((await settings()).logoUrl).toBe("https://cdn.example.com/logo.png");
    expect(stored(url2)).toBe(false);
    await post(fields({ logoUrl: "" }));
    expect((await settings()).logoUrl).toBe("");
  });

  it("refuses a logo that is not an image, with the spec's logo message, and keeps the settings", async () => {
    const before = await settings();
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
      type: "image/svg+xml",
    });
    const r = await post(fields({ fontFamily: "Lato" }), svg);
    expect(r.status).toBe(400);
    expect(r.data.message?.description).toMatch(/^Error al subir logo: /);
    expect(r.data.result.error).toMatchObject({ logo: [expect.stringMatching(/^Error al subir logo/)] });
    const text = new Blob(["hola"], { type: "image/png" });
    expect((await post(fields(), text)).data.message?.description).toBe(
      "Error al subir logo: El archivo no es una imagen válida.",
    );
    expect(await settings()).toEqual(before);
  });

  it("is refused to operador (403) and visitors (401)", async () => {
    const before = await settings();
    expect((await post(fields({ fontFamily: "Lato" }), undefined, null)).status).toBe(401);
    expect((await post(fields({ fontFamily: "Lato" }), undefined, TEST_OPERADOR)).status).toBe(403);
    expect(await settings()).toEqual(before);
  });
});

describe.runIf(onPostgres)("two instances on one Postgres", () => {
  it("colours saved on one instance show on the other within 2 s", () =>
    withTwoInstances(async (a, b) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields({ "colors.primary": "10 80% 40%" }))) form.set(k, v);
      const request = new Request("http://localhost/admin/apariencia", { method: "POST", body: form });
      const r = await callRoute(action, request, routeContext(a.services, await ownerOf(a.services.db)));
      expect(r.status).toBe(200);
      const primary = async () => (await b.services.siteContent.get()).settings.colors.primary;
      expect(await eventually(async () => (await primary()) === "10 80% 40%")).toBe(true);
    }));
});
