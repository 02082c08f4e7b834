import { describe, expect, it } from "vitest";
import { callRoute, formPost, routeContext } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import type { FormReply } from "~/lib/forms";
import { action } from "./route";

const app = setupTestApp();

const quote = (fields: Record<string, string>) =>
  callRoute<FormReply>(
    action,
    formPost("/tienda-externa?tienda=shein", { intent: "quote", ...fields }),
    routeContext(app.services, null),
  );

// A quote sent before the page's scripts run, or without them (docs/product.md §2.4).
describe("the external-store quote without scripts", () => {
  it("answers with a redirect to WhatsApp carrying the dialog's message", async () => {
    const r = await quote({ tienda: "shein", link: "Mira esto https://us.shein.com/vestido-p-123.html" });
    expect(r.status).toBe(302);
    const to = new URL(r.location ?? "");
    expect(to.origin).toBe("https://wa.me");
    expect(to.pathname).toBe("/13055550100");
    expect(to.searchParams.get("text")).toBe(
      "Hola, quiero cotizar este producto de SHEIN: https://us.shein.com/vestido-p-123.html",
    );
  });

  it("refuses an empty link or text without a link with the page's messages, keeping what was typed", async () => {
    const empty = await quote({ tienda: "amazon", link: "  " });
    expect(empty.status).toBe(400);
    expect(empty.data.result.error?.link).toEqual(["Pega aquí el enlace del producto."]);
    expect(empty.data.message).toMatchObject({ title: "Enlace Vacío" });
    const text = await quote({ tienda: "amazon", link: "un vestido rojo" });
    expect(text.status).toBe(400);
    expect(text.data.result.error?.link?.[0]).toMatch(/^Esto no es un enlace/);
    expect(text.data.result.initialValue).toMatchObject({ tienda: "amazon", link: "un vestido rojo" });
  });

  it("refuses a store that is not one of the tabs", async () => {
    const r = await quote({ tienda: "ebay", link: "https://www.ebay.com/itm/1" });
    expect(r.status).toBe(400);
    expect(r.data.result.error?.tienda).toEqual(["Elige una de las tiendas."]);
  });
});
