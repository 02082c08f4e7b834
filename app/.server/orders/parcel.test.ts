import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  type OrderEditValues,
  type OrderFormValues,
  orderEditSchema,
  orderFormSchema,
} from "../../lib/order-forms";
import { migrationsFolder } from "../db/client";
import { InvalidInputError } from "../errors";
import { setupTestDatabase } from "../testing/setup";
import { createOrder, listOrders, updateOrder } from "./orders";

// The parcel as the counter takes it (issue 39): sender, box, declared contents, destination.
const h = setupTestDatabase({ bus: true });
const boxNames = ["Caja pequeña", "24×24×24 pulgadas"];
const deps = () => ({ db: h.db, bus: h.bus, boxNames });
const create = (input: Record<string, string>) =>
  createOrder(deps(), orderFormSchema.parse({ orderDescription: "Caja", ...input }) as OrderFormValues);
const update = (id: string, input: Record<string, string>) => {
  const { id: _, ...values } = orderEditSchema.parse({
    status: "en_local",
    orderDescription: "Caja",
    ...input,
    id,
  });
  return updateOrder(deps(), id, values as OrderEditValues);
};

describe("a parcel's sender, box and contents", () => {
  it("are kept with the order and shown to staff", async () => {
    const o = await create({
      customerName: "Rosa Pérez",
      customerPhone: "8123 9876",
      customerPhoneCountry: "NI",
      senderName: "Carmen Díaz",
      senderPhone: "305 555 0142",
      senderEmail: "carmen@example.com",
      box: "Caja pequeña",
      contents: "Ropa usada, 40\nZapatos, 35.50",
    });
    expect(o).toMatchObject({
      senderName: "Carmen Díaz",
      senderPhone: "+13055550142",
      senderEmail: "carmen@example.com",
      box: "Caja pequeña",
      weightLb: null,
      contents: [
        { description: "Ropa usada", valueCents: 4000 },
        { description: "Zapatos", valueCents: 3550 },
      ],
    });
    const listed = (await listOrders(h.db, { q: "Rosa Pérez" })).items[0];
    expect(listed?.contents).toEqual(o.contents);
  });

  it("go where the recipient's phone says unless staff chose, and a Miami number stays local", async () => {
    expect((await create({ customerName: "A", customerPhone: "+505 8123 9876" })).destination).toBe("NI");
    expect((await create({ customerName: "B", customerPhone: "+506 8312 3456" })).destination).toBe("CR");
    expect((await create({ customerName: "C", customerPhone: "305 555 0100" })).destination).toBeNull();
    expect((await create({ customerName: "D" })).destination).toBeNull();
    expect(
      (await create({ customerName: "E", customerPhone: "+505 8123 9876", destination: "HN" })).destination,
    ).toBe("HN");
  });

  it("take a box from the price list or 'Otro' with its weight; a box no longer listed stays on its orders only", async () => {
    const other = await create({ customerName: "F", box: "otro", weightLb: "12,5" });
    expect(other).toMatchObject({ box: "otro", weightLb: 12.5 });
    await expect(create({ customerName: "G", box: "Caja gigante" })).rejects.toBeInstanceOf(
      InvalidInputError,
    );

    // The owner renames the box afterwards: the order keeps its box through an edit.
    const old = await create({ customerName: "H", box: "Caja pequeña" });
    const renamed = { db: h.db, bus: h.bus, boxNames: ["Caja chica"] };
    const { id: _, ...values } = orderEditSchema.parse({
      id: old.id,
      status: "en_local",
      customerName: "H",
      orderDescription: "Caja",
      box: "Caja pequeña",
      senderName: "Luis",
    });
    const edited = await updateOrder(renamed, old.id, values as OrderEditValues);
    expect(edited).toMatchObject({ box: "Caja pequeña", senderName: "Luis" });
    await expect(
      updateOrder(renamed, old.id, { ...(values as OrderEditValues), box: "24×24×24 pulgadas" }),
    ).rejects.toBeInstanceOf(InvalidInputError);
    // Editing clears what staff cleared.
    expect(await update(old.id, { customerName: "H" })).toMatchObject({
      box: null,
      senderName: null,
      contents: null,
    });
  });
});

describe("migration 0020: orders made before the parcel details", () => {
  it("keep every field and show with no sender, box or contents", async () => {
    for (const c of ["sender_name", "sender_phone", "sender_email", "box", "weight_lb", "contents"])
      await h.db.execute(sql.raw(`alter table orders drop column ${c}`));
    await h.db.execute(sql`
      insert into orders (tracking_number, customer_name, customer_phone, order_description, destination, internal_note)
      values ('TRK-2026-PARC01', 'Marta Ruiz', '+50581239876', 'Dos cajas', 'NI', 'Paga al recoger')`);
    const file = fs.readFileSync(path.join(migrationsFolder(), "0020_parcel_details.sql"), "utf8");
    for (const statement of file.split("--> statement-breakpoint"))
      if (statement.trim()) await h.db.execute(sql.raw(statement));

    const [o] = (await listOrders(h.db, { q: "TRK-2026-PARC01" })).items;
    expect(o).toMatchObject({
      customerName: "Marta Ruiz",
      customerPhone: "+50581239876",
      orderDescription: "Dos cajas",
      destination: "NI",
      internalNote: "Paga al recoger",
      senderName: null,
      senderPhone: null,
      senderEmail: null,
      box: null,
      weightLb: null,
      contents: null,
    });
  });
});
