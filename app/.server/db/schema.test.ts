import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { defined } from "../../test/defined";
import { DEFAULT_CATEGORIES, seedDefaults } from "../seed";
import { setupTestDatabase } from "../testing/setup";
import { rowsOf } from "./client";
import {
  categories,
  chatAgents,
  chatClients,
  chatConversationAssignments,
  chatMessages,
  deliveryPersonnel,
  heroCarouselSettings,
  orders,
  products,
  siteSettings,
  siteText,
  staffUsers,
} from "./schema";

const h = setupTestDatabase({ seed: true });

/** Runs `fn` and returns the database error it raised (as text). */
async function dbError(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return `${e.message} ${e.cause?.message ?? ""}`;
  }
  throw new Error("expected the database to refuse this");
}

const order = (over: Partial<typeof orders.$inferInsert> = {}) => ({
  trackingNumber: "TRK-2026-ABC123",
  customerName: "Ana",
  orderDescription: "Caja",
  ...over,
});

describe("seeded defaults", () => {
  it("creates the spec's defaults once, idempotently", async () => {
    expect(await seedDefaults(h.db)).toBe(false);
    const cats = await h.db.select().from(categories).orderBy(categories.displayOrder);
    expect(cats.map((c) => c.value)).toEqual(DEFAULT_CATEGORIES.map((c) => c.value));
    expect(cats.map((c) => c.value)).toEqual(["ropa", "calzado", "comida", "artesanía"]);
    const [hero] = await h.db.select().from(heroCarouselSettings);
    expect(hero).toMatchObject({
      id: 1,
      isEnabled: true,
      autoplaySpeed: 5000,
      showArrows: true,
      showDots: true,
    });
    const [settings] = await h.db.select().from(siteSettings);
    expect(settings?.data).toMatchObject({
      logoSize: 50,
      fontFamily: "Poppins",
      colors: { primary: "145 55% 30%" },
    });
    const [text] = await h.db.select().from(siteText);
    expect(text?.data).toMatchObject({ businessHoursSunday: "Cerrado" });
  });
});

describe("constraints the database enforces", () => {
  it("single-row tables hold only id 1", async () => {
    expect(await dbError(() => h.db.insert(siteText).values({ id: 2, data: {} }))).toMatch(
      /site_text_single_row/,
    );
    expect(await dbError(() => h.db.insert(siteSettings).values({ id: 2, data: {} }))).toMatch(/single_row/);
    expect(await dbError(() => h.db.insert(heroCarouselSettings).values({ id: 2 }))).toMatch(/single_row/);
  });

  it("order status is one of the five values", async () => {
    const bad = order({ status: "perdido" as "en_local" });
    expect(await dbError(() => h.db.insert(orders).values(bad))).toMatch(/orders_status_check/);
  });

  it("tracking numbers are unique and well-formed", async () => {
    await h.db.insert(orders).values(order());
    expect(await dbError(() => h.db.insert(orders).values(order()))).toMatch(
      /orders_tracking_number_key|duplicate/,
    );
    expect(await dbError(() => h.db.insert(orders).values(order({ trackingNumber: "TRK-26-X" })))).toMatch(
      /tracking_format/,
    );
  });

  it("stock can never go below zero", async () => {
    expect(await dbError(() => h.db.insert(products).values({ name: "Pan", stockQuantity: -1 }))).toMatch(
      /products_stock_check/,
    );
  });

  it("products reference existing categories", async () => {
    expect(await dbError(() => h.db.insert(products).values({ name: "Pan", category: "juguetes" }))).toMatch(
      /foreign key|violates/,
    );
  });

  it("conversation status is open or resolved", async () => {
    expect(
      await dbError(() => h.db.insert(chatClients).values({ clientId: "s1", status: "closed" as "open" })),
    ).toMatch(/chat_clients_status_check/);
  });

  it("a conversation has at most one active assignment", async () => {
    const [user] = await h.db
      .insert(staffUsers)
      .values({ email: "a@x.com", name: "A", role: "operador", passwordHash: "x" })
      .returning();
    const [agent] = await h.db
      .insert(chatAgents)
      .values({ userId: defined(user, "staff user").id, name: "A" })
      .returning();
    const agentId = defined(agent, "agent").id;
    await h.db.insert(chatClients).values({ clientId: "session_1_abc" });
    await h.db.insert(chatConversationAssignments).values({ clientId: "session_1_abc", agentId });
    expect(
      await dbError(() =>
        h.db.insert(chatConversationAssignments).values({ clientId: "session_1_abc", agentId }),
      ),
    ).toMatch(/chat_assignments_one_active|duplicate/);
    // Inactive history rows are fine.
    await h.db
      .insert(chatConversationAssignments)
      .values({ clientId: "session_1_abc", agentId, isActive: false });
  });

  it("messages belong to a conversation and go when it is deleted", async () => {
    expect(
      await dbError(() =>
        h.db.insert(chatMessages).values({ clientId: "nobody", sender: "client", message: "hola" }),
      ),
    ).toMatch(/foreign key|violates/);
    await h.db.insert(chatClients).values({ clientId: "session_2_x" });
    await h.db.insert(chatMessages).values({ clientId: "session_2_x", sender: "client", message: "hola" });
    await h.db.delete(chatClients).where(sql`client_id = 'session_2_x'`);
    const left = await h.db.select().from(chatMessages).where(sql`client_id = 'session_2_x'`);
    expect(left).toEqual([]);
  });

  it("removing a courier leaves their orders unassigned, not broken", async () => {
    const [courier] = await h.db.insert(deliveryPersonnel).values({ name: "Carlos" }).returning();
    const courierId = defined(courier, "courier").id;
    await h.db
      .insert(orders)
      .values(order({ trackingNumber: "TRK-2026-COUR01", deliveryPersonId: courierId }));
    await h.db.delete(deliveryPersonnel).where(sql`id = ${courierId}`);
    const [o] = await h.db.select().from(orders).where(sql`tracking_number = 'TRK-2026-COUR01'`);
    expect(o?.deliveryPersonId).toBeNull();
  });

  it("has indexes for the spec's look-ups", async () => {
    const res = await h.db.execute(sql`select indexname from pg_indexes where schemaname = 'public'`);
    const names = rowsOf<{ indexname: string }>(res).map((r) => r.indexname);
    expect(names).toEqual(
      expect.arrayContaining([
        "orders_tracking_number_key",
        "chat_messages_client_time_idx",
        "hero_gallery_order_idx",
        "about_us_order_idx",
      ]),
    );
  });
});
