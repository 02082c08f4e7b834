import { describe, expect, it } from "vitest";
import { listAudit } from "~/.server/audit/audit";
import type { StaffUser } from "~/.server/auth/sessions";
import { listPriceChanges } from "~/.server/content/prices";
import { callRoute, formPost, ownerOf, routeContext, TEST_OPERADOR } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import type { FormReply } from "~/lib/forms";
import { priceListFormValues } from "~/lib/price-forms";
import { DEFAULT_PRICE_LIST, type PriceList } from "~/lib/price-list";
import { action, loader } from "./route";

const app = setupTestApp();

/** The form's fields for a price list, as the browser posts them (boxes[0].price…). */
function fieldsOf(list: PriceList, over: Record<string, string> = {}): Record<string, string> {
  const v = priceListFormValues(list);
  const out: Record<string, string> = {
    intent: "prices-save",
    commission: v.commission,
    pricePerPound: v.pricePerPound,
  };
  v.boxes.forEach((b, i) => {
    for (const [k, x] of Object.entries(b)) out[`boxes[${i}].${k}`] = x;
  });
  return { ...out, ...over };
}
async function send(fields: Record<string, string>, user?: StaffUser | null) {
  const who = user === undefined ? await ownerOf(app.services.db) : user;
  return callRoute<FormReply>(action, formPost("/admin/precios", fields), routeContext(app.services, who));
}
const prices = async () => (await app.services.siteContent.get()).prices;

describe("/admin/precios", () => {
  it("saves a box price typed as people type it, and every page reads it at the next request", async () => {
    for (const typed of ["255", "$255", "255.00"]) {
      const r = await send(fieldsOf(DEFAULT_PRICE_LIST, { "boxes[0].price": typed }));
      expect(r.data).toMatchObject({ ok: true, message: { title: "Precios guardados" } });
      expect((await prices()).boxes[0]?.priceCents).toBe(25500);
    }
  });

  it("refuses negative, empty and absurd values with Spanish field errors, and keeps what was typed", async () => {
    const before = await prices();
    const r = await send(
      fieldsOf(DEFAULT_PRICE_LIST, {
        "boxes[1].price": "-5",
        "boxes[2].price": "999999",
        "boxes[0].largo": "0",
        commission: "150",
        pricePerPound: "",
      }),
    );
    expect(r.status).toBe(400);
    const errors = r.data.result.error ?? {};
    expect(errors["boxes[1].price"]?.[0]).toBe("Escribe un precio como 245, 245.50 o $245.");
    expect(errors["boxes[2].price"]?.[0]).toBe("El precio no puede pasar de 5000.00 dólares.");
    expect(errors["boxes[0].largo"]?.[0]).toMatch(/^Escribe el largo en pulgadas/);
    expect(errors.commission?.[0]).toMatch(/porcentaje de 0 a 100/);
    expect(errors.pricePerPound?.[0]).toBe("Escribe el precio por libra.");
    expect(r.data.result.initialValue).toMatchObject({ commission: "150" });
    expect(await prices()).toEqual(before);
  });

  it("adds, removes and reorders boxes, records each save in the history and 'Actividad', and restores one", async () => {
    const owner = await ownerOf(app.services.db);
    const list: PriceList = {
      ...DEFAULT_PRICE_LIST,
      boxes: [
        { id: "nueva", name: "Caja mediana", inches: [18, 18, 18], cm: [46, 46, 46], priceCents: 19900 },
        ...DEFAULT_PRICE_LIST.boxes.slice(0, 2),
      ],
      commissionBasisPoints: 1250,
    };
    expect((await send(fieldsOf(list, { "boxes[0].largoCm": "" }))).data.ok).toBe(true);
    const saved = await prices();
    expect(saved.boxes.map((b) => b.id)).toEqual(["nueva", "caja-20", "caja-22"]);
    // Centimetres left empty are worked out from the inches.
    expect(saved.boxes[0]?.cm).toEqual([45.5, 46, 46]);
    expect(saved.commissionBasisPoints).toBe(1250);

    const [latest, previous] = await listPriceChanges(app.services.db);
    expect(latest?.restorable).toBe(false);
    expect(previous?.restorable).toBe(true);
    expect(latest?.changedBy).toBe(owner.name);
    expect(latest?.lines).toContainEqual({
      label: "Comisión de Personal Shop",
      before: { kind: "text", text: "15%" },
      after: { kind: "text", text: "12,5%" },
    });

    const audit = await listAudit(app.services.db, { kind: "site" }, { offset: 0, limit: 5 });
    const row = audit.rows.find((a) => a.action === "site.prices");
    expect(row?.changes).toMatchObject({ commission: ["15%", "12,5%"] });

    expect((await send(fieldsOf(DEFAULT_PRICE_LIST))).data.ok).toBe(true);
    const first = (await listPriceChanges(app.services.db))[1];
    expect(first?.restorable).toBe(true);
    const r = await send({ intent: "prices-restore", changeId: first?.id ?? "" });
    expect(r.data).toMatchObject({ ok: true, message: { title: "Restaurado" } });
    expect((await prices()).boxes[0]?.name).toBe("Caja mediana");
  });

  it("is only for admins: an operador is refused on the server, and so is nobody", async () => {
    const before = await prices();
    const r = await send(fieldsOf(DEFAULT_PRICE_LIST, { "boxes[0].price": "1" }), TEST_OPERADOR);
    expect(r.status).toBe(403);
    const signedOut = await send(fieldsOf(DEFAULT_PRICE_LIST), null);
    expect([302, 401]).toContain(signedOut.status);
    const page = await callRoute(
      loader,
      new Request("http://localhost/admin/precios"),
      routeContext(app.services, TEST_OPERADOR),
    );
    expect(page.status).toBe(302);
    expect(page.location).not.toContain("/admin/precios");
    expect(await prices()).toEqual(before);
  });
});
