import { describe, expect, it } from "vitest";
import { listProducts } from "~/.server/catalog/products";
import { listContentChanges } from "~/.server/content/site-admin";
import { callRoute, formPost, ownerOf, routeContext } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import { siteTextFormValues } from "~/lib/content-forms";
import type { FormReply } from "~/lib/forms";
import { DEFAULT_COLORS, SITE_TEXT_DEFAULTS } from "~/lib/site";
import { action as saveAppearance } from "./appearance/route";
import { action as saveProduct } from "./products/route";
import { action as saveTexts } from "./texts/route";

/**
 * Every admin field of the panel with a format (docs/product.md §4.7 'A setting that cannot be
 * right cannot be saved'): wrong values posted straight to the action, as a script or an old
 * browser would, get a Spanish error by that field and nothing is stored — never a silent default.
 */
const app = setupTestApp();

/** Each content screen's action, by its intents' first word (the tabs have their own addresses). */
const SCREENS: Record<string, [string, Parameters<typeof callRoute>[0]]> = {
  text: ["/admin/textos", saveTexts],
  appearance: ["/admin/apariencia", saveAppearance],
  product: ["/admin/productos", saveProduct],
};

async function post(fields: Record<string, string | undefined>) {
  const clean = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  const [path, action] = SCREENS[clean.intent?.split("-")[0] ?? ""] ?? ["/admin/productos", saveProduct];
  return callRoute<FormReply>(
    action,
    formPost(path, clean),
    routeContext(app.services, await ownerOf(app.services.db)),
  );
}

/** A message a Spanish-speaking owner reads: Spanish words, no zod or English fallback. */
function expectSpanish(message: string | undefined, field: string, value: string) {
  expect(message, `${field} = ${JSON.stringify(value)}`).toBeTruthy();
  expect(message).not.toMatch(/\b(invalid|expected|required|received|string|number)\b/i);
  expect(message).toMatch(/[áéíóúñ¿¡]|\b(el|la|un|una|de|escribe|usa|elige|debe)\b/i);
}

const snapshot = async () => {
  const { text, settings } = await app.services.siteContent.get();
  const products = await listProducts(app.services.db);
  const changes = (await listContentChanges(app.services.db, 50)).length;
  return JSON.stringify({ text, settings, products, changes });
};

/** Posts each wrong value of `field` and checks the refusal; everything else stays valid. */
async function refusesAll(
  base: Record<string, string | undefined>,
  field: string,
  wrong: string[],
  errorKey = field,
) {
  expect(wrong.length).toBeGreaterThanOrEqual(3);
  for (const value of wrong) {
    const before = await snapshot();
    const r = await post({ ...base, [field]: value });
    expect(r.status, `${field} = ${JSON.stringify(value)}`).toBe(400);
    const errors = r.data.result.error ?? {};
    expectSpanish(errors[errorKey]?.[0], field, value);
    // What was typed comes back to the form (Conform leaves out empty fields).
    const typed = r.data.result.initialValue as Record<string, unknown> | undefined;
    if (value) expect(JSON.stringify(typed)).toContain(JSON.stringify(value).slice(1, -1));
    expect(await snapshot(), `${field} = ${JSON.stringify(value)} stored something`).toBe(before);
  }
}

const texts = (over: Record<string, string | undefined> = {}) => ({
  intent: "text-save",
  ...siteTextFormValues(SITE_TEXT_DEFAULTS),
  ...over,
});

const appearance = (over: Record<string, string | undefined> = {}) => ({
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

const product = (over: Record<string, string | undefined> = {}) => ({
  intent: "product-save",
  name: "Café Pilón",
  stockQuantity: "3",
  category: "comida",
  fontFamily: "Inter",
  priceCents: "4.50",
  ...over,
});

describe("'Textos': phones, WhatsApp number, e-mail and hours", () => {
  it("refuses phones that are not numbers", () =>
    refusesAll(texts(), "contactPhone", ["12", "llámanos", "+505 12", "305-555", "+999 1234 5678"]));

  it("refuses a WhatsApp number of its own that is missing or not a number", () =>
    refusesAll(texts({ whatsappSame: undefined }), "whatsappNumber", [
      "",
      "https://chat.whatsapp.com/Invite",
      "wa.me/tienda",
      "123",
      "whatsapp",
    ]));

  it("refuses e-mails that are not complete", () =>
    refusesAll(texts(), "contactEmail", ["info@", "tienda.com", "info tienda@x.com"]));

  it("refuses opening hours it cannot read", () =>
    Promise.all([]).then(async () => {
      for (const field of ["businessHoursWeekday", "businessHoursSaturday", "businessHoursSunday"]) {
        await refusesAll(texts(), field, ["todo el día", "9", "6 PM - 9 AM", "25:00 - 26:00"]);
      }
    }));
});

describe("'Apariencia': colours, positions, size and logo address", () => {
  it("refuses colours it cannot read, in each of the five colours", async () => {
    for (const key of ["primary", "secondary", "accent", "text", "background"]) {
      await refusesAll(appearance(), `colors.${key}`, ["rojizo", "#12", "0 74 42", "rgba(0, 0, 0, 0.5)", ""]);
    }
  });

  it("accepts the five spellings of a colour and stores the triplet", async () => {
    for (const [typed, stored] of [
      ["#1d4ed8", "224 76% 48%"],
      ["rgb(29, 78, 216)", "224 76% 48%"],
      ["hsl(224 76% 48%)", "224 76% 48%"],
      ["224 76% 48%", "224 76% 48%"],
      ["navy", "240 100% 25%"],
    ] as const) {
      const r = await post(appearance({ "colors.primary": typed }));
      expect(r.status, typed).toBe(200);
      expect((await app.services.siteContent.get()).settings.colors.primary, typed).toBe(stored);
    }
    await post(appearance());
  });

  it("refuses colours that make the text unreadable until the admin confirms", () =>
    refusesAll(
      appearance(),
      "colors.text",
      ["0 0% 95%", "#eeeeee", "white", "hsl(40 30% 90%)"],
      "confirmContrast",
    ));

  it("refuses logo positions that are not CSS lengths", async () => {
    for (const field of ["logoTop", "logoLeft"]) {
      await refusesAll(appearance(), field, ["10", "calc(1px)", "arriba", "1e3px", ""]);
    }
  });

  it("refuses logo sizes outside 20–100 px", () =>
    refusesAll(appearance(), "logoSize", ["10", "120", "50.5", "grande", "-30"]));

  it("refuses logo addresses that are not complete https links or our files", () =>
    refusesAll(appearance(), "logoUrl", [
      "javascript:alert(1)",
      "http://x.com/logo.png",
      "logo.png",
      "//evil.com/a.png",
    ]));
});

describe("'Productos': prices and stock", () => {
  it("refuses prices that are not amounts in dollars", async () => {
    await refusesAll(product(), "priceCents", ["doce", "12.505", "-3", "1.000.000", "$", "999999999"]);
    await refusesAll(product({ isOnSale: "on" }), "salePriceCents", ["gratis", "4.999", "5.00", "4,50,1"]);
  });

  it("refuses stock that is not a whole number of 0 or more", () =>
    refusesAll(product(), "stockQuantity", ["-1", "2.5", "muchos", ""]));
});
