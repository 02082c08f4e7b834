import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mergeSiteText } from "../../lib/site";
import { saveProduct, toggleStock } from "../catalog/product-changes";
import { assignConversation, unassignConversation } from "../chat/assignment";
import { deleteConversation, renameConversation, setConversationStatus } from "../chat/staff";
import { addCustomerPhoto, removeCustomerPhoto, setCustomerPhotoActive } from "../content/customer-photos";
import { saveSiteText, updateSiteSettings } from "../content/site-admin";
import { auditLog } from "../db/schema";
import { createCourier, deleteCourier, updateCourier } from "../orders/couriers";
import { changeOrderStatus, createOrder, deleteOrder, updateOrder } from "../orders/orders";
import { makeAgent, startConversation } from "../testing/chat";
import { testLogger } from "../testing/db";
import { testPhoto } from "../testing/images";
import { setupTestDatabase, setupTestStorage } from "../testing/setup";
import { listAudit, pruneAudit } from "./audit";

const h = setupTestDatabase({ seed: true, bus: true });
const storage = setupTestStorage();
const actor = { id: null, name: "Dana", ip: "10.1.2.3" };
const deps = () => ({ db: h.db, bus: h.bus, storage, logger: testLogger, actor });
const all = async () => (await listAudit(h.db, {}, { offset: 0, limit: 500 })).rows;

describe("the audit log (docs/product.md §3.7 'Actividad')", () => {
  it("records products, orders, couriers, conversations and site content with who, what, record and changes", async () => {
    const fields = {
      name: "Queso Seco",
      description: null,
      stockQuantity: 4,
      category: "comida",
      fontFamily: "Inter" as const,
      isOnSale: false,
      saleInfo: null,
      priceCents: null,
      salePriceCents: null,
    };
    const { product } = await saveProduct(deps(), fields);
    await saveProduct(deps(), { ...fields, id: product.id, name: "Queso Seco Chontaleño" });
    await toggleStock(deps(), product.id);

    const courier = await createCourier(deps(), { name: "Memo", phone: "+1 305 555 0111" });
    await updateCourier(deps(), courier.id, { name: "Memo R.", phone: "+1 305 555 0111" });
    const order = await createOrder(deps(), {
      customerName: "Rosa",
      customerPhone: null,
      customerAddress: null,
      orderDescription: "Caja 20x20",
      orderTotal: null,
      destination: null,
    });
    await updateOrder(deps(), order.id, {
      customerName: "Rosa M.",
      customerPhone: null,
      customerAddress: null,
      orderDescription: "Caja 20x20",
      orderTotal: "$245",
      status: "en_local",
      deliveryPersonId: courier.id,
      estimatedDeliveryTime: null,
      customerNote: null,
      internalNote: null,
      destination: null,
      expectedFrom: null,
      expectedTo: null,
      eventNote: null,
      eventPlace: null,
    });
    await changeOrderStatus(deps(), order.id, "enviando");
    await deleteCourier(deps(), courier.id);
    await deleteOrder(deps(), order.id);

    const agent = await makeAgent(deps(), "Lupe");
    const { clientId } = await startConversation(deps());
    await renameConversation(deps(), clientId, "Doña Marta");
    await assignConversation(deps(), clientId, agent.id);
    await unassignConversation(deps(), clientId);
    await setConversationStatus(deps(), clientId, "resolved");
    await deleteConversation(deps(), clientId);

    await saveSiteText(deps(), { ...mergeSiteText(null), heroTitle: "Nuevo título" }, null);
    await updateSiteSettings(deps(), { logoSize: 70 }, null);

    const rows = await all();
    expect(rows.map((r) => r.action).reverse()).toEqual([
      "product.created",
      "product.updated",
      "product.stock",
      "courier.created",
      "courier.updated",
      "order.created",
      "order.updated",
      "order.status",
      "courier.deleted",
      "order.deleted",
      "conversation.renamed",
      "conversation.assigned",
      "conversation.unassigned",
      "conversation.status",
      "conversation.deleted",
      "site.text",
      "site.settings",
    ]);
    expect(rows.every((r) => r.actorName === "Dana")).toBe(true);
    const by = (a: string) => rows.find((r) => r.action === a);
    expect(by("product.updated")).toMatchObject({
      target: "Queso Seco Chontaleño",
      changes: { name: ["Queso Seco", "Queso Seco Chontaleño"] },
    });
    expect(by("order.updated")?.changes).toMatchObject({
      customerName: ["Rosa", "Rosa M."],
      orderTotal: [null, "$245"],
    });
    expect(by("order.status")).toMatchObject({
      target: order.trackingNumber,
      changes: { status: ["en_local", "enviando"] },
    });
    expect(by("conversation.deleted")?.target).toBe("Doña Marta");
    expect(by("conversation.assigned")?.changes).toEqual({ agent: "Lupe" });
    expect(by("site.text")?.changes).toEqual({ heroTitle: [mergeSiteText(null).heroTitle, "Nuevo título"] });
    expect(by("site.settings")?.changes).toEqual({ logoSize: [50, 70] });
  });

  it("records changes to the carousels' images", async () => {
    const { id } = await addCustomerPhoto(deps(), await testPhoto({ width: 400, height: 400 }));
    await setCustomerPhotoActive(deps(), id, false);
    await removeCustomerPhoto(deps(), id);
    const rows = (await listAudit(h.db, { kind: "site" }, { offset: 0, limit: 3 })).rows;
    expect(rows.map((r) => [r.action, r.target, r.changes?.what])).toEqual([
      ["site.images", "customer-photos", "deleted"],
      ["site.images", "customer-photos", "deactivated"],
      ["site.images", "customer-photos", "added"],
    ]);
    await h.db.delete(auditLog).where(eq(auditLog.action, "site.images"));
  });

  it("writes no row when the change fails (one transaction)", async () => {
    const before = (await all()).length;
    const order = await createOrder(deps(), {
      customerName: "Luis",
      customerPhone: null,
      customerAddress: null,
      orderDescription: "Sobre",
      orderTotal: null,
      destination: null,
    });
    // A courier that does not exist: the database refuses the update, and the audit row with it.
    await expect(
      updateOrder(deps(), order.id, {
        customerName: "Luis",
        customerPhone: null,
        customerAddress: null,
        orderDescription: "Sobre",
        orderTotal: null,
        status: "en_local",
        deliveryPersonId: crypto.randomUUID(),
        estimatedDeliveryTime: null,
        customerNote: null,
        internalNote: null,
        destination: null,
        expectedFrom: null,
        expectedTo: null,
        eventNote: null,
        eventPlace: null,
      }),
    ).rejects.toThrow();
    const after = await all();
    expect(after.length).toBe(before + 1);
    expect(after[0]?.action).toBe("order.created");
  });

  it("filters by kind, person and dates, pages newest first, and prunes rows past their retention", async () => {
    const orders = await listAudit(h.db, { kind: "order" }, { offset: 0, limit: 2 });
    expect(orders.total).toBe(5);
    expect(orders.rows).toHaveLength(2);
    expect(orders.rows[0]?.action).toBe("order.created");
    const page3 = await listAudit(h.db, { kind: "order" }, { offset: 4, limit: 2 });
    expect(page3.rows.map((r) => r.action)).toEqual(["order.created"]);
    expect(
      (await listAudit(h.db, { from: new Date(Date.now() + 60_000) }, { offset: 0, limit: 10 })).total,
    ).toBe(0);
    expect((await listAudit(h.db, { actorId: crypto.randomUUID() }, { offset: 0, limit: 10 })).total).toBe(0);

    await h.db.update(auditLog).set({ at: new Date(Date.now() - 200 * 86_400_000) });
    await saveSiteText(deps(), mergeSiteText(null), null);
    expect(await pruneAudit(h.db, 180)).toBeGreaterThan(10);
    expect((await all()).map((r) => r.action)).toEqual(["site.text"]);
  });
});
