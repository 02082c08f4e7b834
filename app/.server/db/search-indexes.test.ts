import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { countInbox, listInboxPage } from "../chat/inbox-list";
import { listOrders } from "../orders/orders";
import { setupTestDatabase } from "../testing/setup";
import { rowsOf } from "./client";

/*
 * The staff search boxes through the trigram indexes (docs/decisions/0024-staff-lists.md), on
 * PGlite and on Postgres (TEST_DATABASE_URL): the same orders and conversations as a test of every
 * row finds, and the planner reads the indexes instead of every row.
 */

const h = setupTestDatabase();
const N = 3000;
const phone = (i: number) => `+50580${String(i).padStart(6, "0")}`;
const name = (i: number) => (i % 250 === 0 ? `Rosa Rivas ${i}` : `Cliente ${i}`);
const clientId = (i: number) => `session_1767225600000_s${String(i).padStart(6, "0")}`;

/**
 * The plan of a query with sequential scans priced out: whether the indexes can serve it at all
 * (at 3,000 rows Postgres rightly prefers to read a table this small; with 10,000 it picks the
 * indexes itself, docs/decisions/0024-staff-lists.md).
 */
async function plan(query: ReturnType<typeof sql>): Promise<string> {
  return h.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = rowsOf<Record<string, string>>(await tx.execute(sql`explain ${query}`));
    return rows.map((r) => Object.values(r)[0]).join("\n");
  });
}

beforeAll(async () => {
  await h.db.execute(sql`
    insert into orders (tracking_number, customer_name, customer_phone, order_description, status, created_at)
    select 'TRK-2026-' || lpad(upper(to_hex(g)), 6, '0'),
           case when g % 250 = 0 then 'Rosa Rivas ' || g else 'Cliente ' || g end,
           '+50580' || lpad(g::text, 6, '0'), 'Caja ' || g, 'en_local',
           timestamptz '2026-01-01 00:00:00+00' + g * interval '1 minute'
    from generate_series(1, ${N}) g`);
  await h.db.execute(sql`
    insert into contacts (name, phone, email)
    select 'Contacto ' || g, '+50590' || lpad(g::text, 6, '0'), 'persona' || g || '@example.com'
    from generate_series(1, ${N}) g`);
  await h.db.execute(sql`
    insert into chat_clients (client_id, custom_name, last_active, contact_id)
    select 'session_1767225600000_s' || lpad(g::text, 6, '0'),
           case when g % 100 = 0 then 'Marta ' || g end,
           timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second',
           case when g % 10 = 0 then (select id from contacts where name = 'Contacto ' || (g / 10)) end
    from generate_series(1, ${N}) g`);
  // Postgres' autovacuum would get to it; the embedded database is analyzed when it opens.
  await h.db.execute(sql`analyze`);
});

describe("orders search", () => {
  const all = Array.from({ length: N }, (_, k) => k + 1);
  const tracking = (i: number) => `TRK-2026-${i.toString(16).toUpperCase().padStart(6, "0")}`;
  // What the search means (app/.server/orders/orders.ts): the text anywhere in the number, the
  // name or the phone, or its digits (three or more) anywhere in the phone's.
  const matches = (q: string, i: number) => {
    const text = q.toLowerCase();
    const digits = q.replace(/\D/g, "");
    return (
      [tracking(i), name(i), phone(i)].some((v) => v.toLowerCase().includes(text)) ||
      (digits.length >= 3 && phone(i).replace(/\D/g, "").includes(digits))
    );
  };
  for (const q of ["rosa riv", "2026-0001A", "8000-1234", "(505) 8000-25", "Cliente 123"])
    it(`'${q}' finds what a test of every order finds, newest first`, async () => {
      const expected = all
        .filter((i) => matches(q, i))
        .reverse()
        .map((i) => tracking(i));
      expect(expected.length).toBeGreaterThan(0);
      const page = await listOrders(h.db, { q, limit: 200 });
      expect(page.total).toBe(expected.length);
      expect(page.items.map((o) => o.trackingNumber)).toEqual(expected.slice(0, 200));
    });

  it("reads the trigram indexes, not every order", async () => {
    const text = await plan(sql`select id from orders where tracking_number ilike '%rosa riv%'
      or customer_name ilike '%rosa riv%' or customer_phone ilike '%rosa riv%'
      or regexp_replace(coalesce(customer_phone, ''), '[^0-9]', '', 'g') like '%80001234%'`);
    for (const index of [
      "orders_tracking_trgm_idx",
      "orders_customer_name_trgm_idx",
      "orders_customer_phone_trgm_idx",
      "orders_phone_digits_trgm_idx",
    ])
      expect(text).toContain(index);
    expect(text).not.toMatch(/Seq Scan on orders/);
  });
});

describe("chat inbox search", () => {
  it("finds conversations by our name for them, by their contact's name, e-mail and number, and by id", async () => {
    const ids = async (q: string) =>
      (await listInboxPage(h.db, { filter: "abiertas", agentId: null, q, limit: 200 })).items.map(
        (i) => i.clientId,
      );
    // Every 100th conversation has a name: only 'Marta 1200' holds 'marta 12'.
    expect(await ids("marta 12")).toEqual([clientId(1200)]);
    // Contact 123 is conversation 1230's.
    expect(await ids("Contacto 123")).toEqual([clientId(1230)]);
    expect(await ids("persona77@")).toEqual([clientId(770)]);
    expect(await ids("9000-0042")).toEqual([clientId(420)]);
    expect(await ids("600000_s002999")).toEqual([clientId(2999)]);
    // 'Visitante 1999': visitor numbers start at 1000.
    expect(await ids("Visitante 1999")).toEqual([clientId(1000)]);
    expect((await countInbox(h.db, { agentId: null, q: "marta" })).abiertas).toBe(N / 100);
  });

  it("reads the trigram indexes, not every conversation", async () => {
    const text = await plan(sql`select client_id from chat_clients
      where client_id ilike '%600000_s002999%' or custom_name ilike '%600000_s002999%'
      union select chat_clients.client_id from contacts join chat_clients on chat_clients.contact_id = contacts.id
      where contacts.name ilike '%contacto 123%' or contacts.email ilike '%contacto 123%' or contacts.phone like '%900123%'`);
    for (const index of [
      "chat_clients_client_id_trgm_idx",
      "chat_clients_custom_name_trgm_idx",
      "contacts_name_trgm_idx",
      "contacts_email_trgm_idx",
      "contacts_phone_trgm_idx",
    ])
      expect(text).toContain(index);
    expect(text).not.toMatch(/Seq Scan on (chat_clients|contacts)/);
  });
});
