import { describe, expect, it } from "vitest";
import { listCouriers } from "~/.server/orders/couriers";
import { listOrders } from "~/.server/orders/orders";
import { callRoute, formPost, routeContext, TEST_OPERADOR } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import type { FormReply } from "~/lib/forms";
import { PHONE_INVALID_MESSAGE } from "~/lib/phone";
import { action } from "./route";

/**
 * Phones of orders and couriers: wrong values posted straight to the action get the Spanish
 * phone message by the field and nothing is stored; valid ones are stored in E.164 and shown one
 * way (docs/product.md §4.7, §4.9).
 */
const app = setupTestApp();

const post = (fields: Record<string, string>) =>
  callRoute<FormReply>(action, formPost("/admin/orders", fields), routeContext(app.services, TEST_OPERADOR));
const stored = async () =>
  JSON.stringify([(await listOrders(app.services.db)).items, await listCouriers(app.services.db)]);

const WRONG = ["12", "llámame", "+505 12", "8765 432", "0000000000000000"];

async function refusesAll(base: Record<string, string>, field: string) {
  for (const value of WRONG) {
    const before = await stored();
    const r = await post({ ...base, [field]: value });
    expect(r.status, `${field} = ${value}`).toBe(400);
    expect(r.data.result.error?.[field], `${field} = ${value}`).toEqual([PHONE_INVALID_MESSAGE]);
    expect(await stored(), `${field} = ${value} stored something`).toBe(before);
  }
}

describe("/admin/orders phones", () => {
  it("refuses order phones that are not numbers, even with other fields missing", async () => {
    await refusesAll({ intent: "create", customerName: "Ana", orderDescription: "Caja" }, "customerPhone");
    const r = await post({ intent: "create", customerName: "Ana", customerPhone: "12" });
    expect(Object.keys(r.data.result.error ?? {}).sort()).toEqual(["customerPhone", "orderDescription"]);
  });

  it("refuses courier phones that are not numbers", () =>
    refusesAll({ intent: "courier-create", name: "Pedro" }, "phone"));

  it("stores a courier's phone in E.164, read in the chosen country", async () => {
    const r = await post({ intent: "courier-create", name: "Pedro", phone: "8888 1234", phoneCountry: "NI" });
    expect(r.status).toBe(200);
    expect((await listCouriers(app.services.db)).find((c) => c.name === "Pedro")?.phone).toBe("+50588881234");
  });
});
