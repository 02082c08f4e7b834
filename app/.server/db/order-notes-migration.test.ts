import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../testing/setup";
import { migrationsFolder, rowsOf } from "./client";

const h = setupTestDatabase();

describe("migration 0018: the order's one note becomes the internal note", () => {
  it("keeps what staff wrote, for staff only, and starts every order without a customer note", async () => {
    // The table as the previous version left it: one `notes` column, shown on the tracking page.
    await h.db.execute(sql`alter table orders rename column internal_note to notes`);
    await h.db.execute(sql`alter table orders drop column customer_note`);
    await h.db.execute(sql`
      insert into orders (tracking_number, customer_name, order_description, notes)
      values ('TRK-2026-NOTE01', 'Rosa', 'Caja', 'Llamar antes de entregar.'),
             ('TRK-2026-NOTE02', 'Luis', 'Sobre', null)`);

    const file = fs.readFileSync(path.join(migrationsFolder(), "0018_order_notes.sql"), "utf8");
    for (const statement of file.split("--> statement-breakpoint")) {
      if (statement.trim()) await h.db.execute(sql.raw(statement));
    }

    const rows = rowsOf<{
      tracking_number: string;
      internal_note: string | null;
      customer_note: string | null;
    }>(
      await h.db.execute(sql`
        select tracking_number, internal_note, customer_note from orders
        where tracking_number like 'TRK-2026-NOTE%' order by tracking_number`),
    );
    expect(rows).toEqual([
      { tracking_number: "TRK-2026-NOTE01", internal_note: "Llamar antes de entregar.", customer_note: null },
      { tracking_number: "TRK-2026-NOTE02", internal_note: null, customer_note: null },
    ]);
    const columns = rowsOf<{ column_name: string }>(
      await h.db.execute(sql`
        select column_name from information_schema.columns
        where table_name = 'orders' and column_name in ('notes', 'internal_note', 'customer_note')
        order by column_name`),
    );
    expect(columns.map((c) => c.column_name)).toEqual(["customer_note", "internal_note"]);
  });
});
