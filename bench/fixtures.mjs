// Data the benchmarks write straight into a stopped server's embedded database (PGlite): the
// server must have started once to create the schema, and be stopped while these run.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import sharp from "sharp";

/** A few product pictures laid out exactly like the app stores them (main file + widths). */
export async function writeProductImages(dataDir, count = 8) {
  const dir = path.join(dataDir, "storage/product-images/public");
  fs.mkdirSync(dir, { recursive: true });
  const urls = [];
  for (let i = 0; i < count; i++) {
    const img = sharp({
      create: { width: 800, height: 800, channels: 3, background: { r: 30 * i, g: 120, b: 90 } },
    });
    const name = `1700000000${i}-bench${i}`;
    await img
      .clone()
      .webp({ quality: 90 })
      .toFile(path.join(dir, `${name}.webp`));
    for (const w of [320, 480, 640]) {
      await img
        .clone()
        .resize(w)
        .webp({ quality: 90 })
        .toFile(path.join(dir, `${name}-${w}w.webp`));
    }
    urls.push(`/files/product-images/public/${name}.webp`);
  }
  return urls;
}

/**
 * Opens the stopped server's database, runs `fn(db)`, closes it and removes the lock file. With the
 * server's extensions (PGLITE_EXTENSIONS, app/.server/db/pglite.ts): writes to the search columns
 * update their trigram indexes.
 */
export async function withDatabase(dataDir, fn) {
  const db = new PGlite(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  try {
    return await fn(db);
  } finally {
    await db.close();
    fs.rmSync(path.join(dataDir, "db.lock"), { force: true });
  }
}

/** `count` products (newest first = number 0), with pictures, four fonts, some on sale or sold out. */
export async function insertProducts(db, imageUrls, count = 500) {
  const words = ["Café", "Rosquillas", "Frijoles", "Hamaca", "Cerámica", "Camiseta", "Sandalias", "Salsa"];
  const cats = ["comida", "artesanía", "ropa", "calzado"];
  for (let i = 0; i < count; i++) {
    await db.query(
      `insert into products (name, description, category, image_url, is_on_sale, sale_info, font_family,
                             stock_quantity, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, now() - ($9 || ' minutes')::interval)`,
      [
        `${words[i % words.length]} típico número ${i}`,
        `Producto latino de prueba ${i}: hecho en Nicaragua con ingredientes y materiales de la región, ideal para regalar.`,
        cats[i % cats.length],
        imageUrls[i % imageUrls.length],
        i % 7 === 0,
        i % 14 === 0 ? "2x1" : null,
        ["Inter", "Poppins", "Georgia", "Roboto"][i % 4],
        i % 10 === 0 ? 0 : 1 + (i % 30),
        String(i),
      ],
    );
  }
  const { rows } = await db.query("select count(*)::int as n from products");
  return rows[0].n;
}

/** `count` orders with tracking numbers trackingOf(0..count-1). */
export async function insertOrders(db, count = 10_000) {
  await db.exec(`
    insert into orders (tracking_number, customer_name, customer_phone, customer_address, order_description,
                        order_total, status, en_local_at, created_at, updated_at)
    select 'TRK-2026-' || lpad(upper(to_hex(g)), 6, '0'), 'Cliente ' || g, '+505 8' || lpad(g::text, 7, '0'),
           'Managua, Nicaragua', 'Caja ' || g, '$' || (g % 400) || '.00',
           (array['en_local','enviando','en_reparto','entregado','cancelado'])[1 + g % 5],
           now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval, now()
    from generate_series(1, ${count}) g;
  `);
  const { rows } = await db.query("select count(*)::int as n from orders");
  return rows[0].n;
}

export const trackingOf = (i) => `TRK-2026-${(i + 1).toString(16).toUpperCase().padStart(6, "0")}`;

/** `count` chat conversations with two messages each (a visitor's, a staff reply). */
export async function insertConversations(db, count = 10_000) {
  // Each conversation starts g minutes ago, is first answered within 10 minutes and every other
  // one is resolved within 2 hours, by the first staff member's agent (the reports' figures).
  await db.exec(`
    insert into chat_agents (user_id, name) select id, name from staff_users order by created_at limit 1
      on conflict do nothing;
    insert into chat_clients (client_id, client_name, last_active, unread_count, created_at,
                              first_response_at, first_response_agent_id, status, resolved_at, resolved_by_agent_id)
    select 'session_1700000000000_bench' || lpad(g::text, 6, '0'), 'Cliente Web',
           now() - (g || ' minutes')::interval, g % 3, now() - (g || ' minutes')::interval,
           now() - (g || ' minutes')::interval + ((g % 600) || ' seconds')::interval, a.id,
           case when g % 2 = 0 then 'resolved' else 'open' end,
           case when g % 2 = 0 then now() - (g || ' minutes')::interval + ((g % 7200) || ' seconds')::interval end,
           case when g % 2 = 0 then a.id end
    from generate_series(1, ${count}) g left join (select id from chat_agents limit 1) a on true;
    insert into chat_messages (client_id, sender, message, timestamp, is_read)
    select 'session_1700000000000_bench' || lpad(g::text, 6, '0'), s,
           case s when 'client' then 'Hola, ¿tienen envíos a Nicaragua? ' || g else 'Sí, cada semana.' end,
           now() - (g || ' minutes')::interval + (case s when 'client' then 0 else 1 end || ' seconds')::interval,
           s = 'admin'
    from generate_series(1, ${count}) g, unnest(array['client', 'admin']) s;
  `);
  const { rows } = await db.query("select count(*)::int as n from chat_clients");
  return rows[0].n;
}
