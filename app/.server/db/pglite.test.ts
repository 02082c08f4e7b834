import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  integer,
  interval,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blankClusterImage } from "./client";
import { DrizzlePGlite } from "./pglite";

const kinds = pgTable("kinds", {
  id: integer("id").primaryKey(),
  at: timestamp("at", { withTimezone: true, mode: "date" }),
  atText: timestamp("at_text", { mode: "string" }),
  day: date("day"),
  dayDate: date("day_date", { mode: "date" }),
  span: interval("span"),
  amount: numeric("amount"),
  big: bigint("big", { mode: "number" }),
  tags: text("tags").array(),
  data: jsonb("data"),
});

const CREATE = `create table kinds (id int primary key, at timestamptz, at_text timestamp, day date, day_date date,
  span interval, amount numeric, big bigint, tags text[], data jsonb)`;
const ROW = {
  id: 1,
  at: new Date("2026-03-05T14:30:10.123Z"),
  atText: "2026-03-05 14:30:10.5",
  day: "2026-03-05",
  dayDate: new Date("2026-03-05T00:00:00Z"),
  span: "1 day 02:03:04",
  amount: "12.50",
  big: 9007199254740991,
  tags: ["a", "b,c", "ñ"],
  data: { a: [1, "dos"], b: null },
};
const RAW_SQL = sql`select ${sql.raw(`
  '2026-03-05 14:30:10+00'::timestamptz as tz, '2026-03-05 14:30:10'::timestamp as ts, '2026-03-05'::date as d,
  '1 day'::interval as i, array[1.5, 2]::numeric[] as nums, array['2026-03-05 14:30:10+00'::timestamptz] as tzs,
  array['2026-03-05 14:30:10'::timestamp] as tss, array['2026-03-05'::date] as ds, array['1 day'::interval] as ivs,
  array[1, 2]::int[] as ints, array['x', 'y'] as texts, 5::int8 as big, 1.25::numeric as n, '{"k": 1}'::jsonb as j,
  true as b, null::timestamptz as nothing`)}`;

describe("the PGlite client Drizzle runs on", () => {
  const plain = new PGlite({ loadDataDir: blankClusterImage() });
  const ours = new DrizzlePGlite(undefined, { loadDataDir: blankClusterImage() });
  beforeAll(async () => {
    for (const c of [plain, ours]) {
      await c.waitReady;
      await c.exec(CREATE);
    }
  });
  afterAll(async () => {
    await plain.close();
    await ours.close();
  });

  it("reads every kind of column and raw value as plain PGlite does, in and out of transactions", async () => {
    const read = async (client: PGlite) => {
      const db = drizzle(client);
      await db.insert(kinds).values(ROW);
      const selected = await db.select().from(kinds);
      const rawRows = (await db.execute(RAW_SQL)).rows;
      const inTx = await db.transaction(async (tx) => ({
        selected: await tx.select().from(kinds),
        raw: (await tx.execute(RAW_SQL)).rows,
      }));
      return { selected, rawRows, inTx };
    };
    const expected = await read(plain);
    expect(expected.selected[0]).toEqual(ROW);
    expect(await read(ours)).toEqual(expected);
  });
});
