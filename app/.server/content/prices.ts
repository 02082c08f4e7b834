import { desc, eq } from "drizzle-orm";
import { type ChangeLine, diffLines } from "../../lib/change-labels";
import { boxTitle, formatPercent, mergePriceList, type PriceList } from "../../lib/price-list";
import { formatDollars } from "../../lib/prices";
import { recordAudit } from "../audit/audit";
import type { Db } from "../db/client";
import { shopPrices, siteContentChanges, staffUsers } from "../db/schema";
import type { Deps } from "../deps";
import { NotFoundError } from "../errors";
import { announceSiteChange } from "./site";

/**
 * The price list the owner edits at /admin/precios. A save writes the whole list, records a
 * 'prices' snapshot (the screen's history and 'Restaurar') and an audit row, and is announced on
 * the site topic: every instance drops its cached site content (which carries the prices), and
 * every page shows the new prices at its next request.
 */

/** The list in words, one key per box, for the audit log and the history ('Caja: 20×20×20 pulgadas · $245'). */
export function priceListWords(list: PriceList): Record<string, string> {
  return {
    ...Object.fromEntries(
      list.boxes.map((b, i) => [`box:${b.id}`, `${i + 1}. ${boxTitle(b)} · ${formatDollars(b.priceCents)}`]),
    ),
    commission: formatPercent(list.commissionBasisPoints),
    pricePerPound: formatDollars(list.pricePerPoundCents),
  };
}

function changedWords(before: PriceList, after: PriceList): Record<string, [string | null, string | null]> {
  const a = priceListWords(before);
  const b = priceListWords(after);
  const out: Record<string, [string | null, string | null]> = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (a[key] !== b[key]) out[key] = [a[key] ?? null, b[key] ?? null];
  }
  return out;
}

export async function savePriceList(deps: Deps, list: PriceList, by: string | null): Promise<PriceList> {
  const data = JSON.parse(JSON.stringify(list)) as Record<string, unknown>;
  const saved = mergePriceList(data);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ data: shopPrices.data })
      .from(shopPrices)
      .where(eq(shopPrices.id, 1))
      .for("update");
    const before = mergePriceList(row?.data);
    await tx
      .insert(shopPrices)
      .values({ id: 1, data, updatedAt: new Date() })
      .onConflictDoUpdate({ target: shopPrices.id, set: { data, updatedAt: new Date() } });
    await tx.insert(siteContentChanges).values({ kind: "prices", data, changedBy: by });
    await recordAudit(tx, deps.actor ?? null, {
      action: "site.prices",
      changes: changedWords(before, saved),
    });
  });
  await announceSiteChange(deps.bus, "prices");
  return saved;
}

export type PriceChange = {
  id: string;
  changedAt: string;
  changedBy: string | null;
  lines: ChangeLine[];
  /** False for the version showing now. */
  restorable: boolean;
};

/** The last saves of the price list, newest first, each with what it changed from the one before. */
export async function listPriceChanges(db: Db, limit = 20): Promise<PriceChange[]> {
  const rows = await db
    .select({
      id: siteContentChanges.id,
      changedAt: siteContentChanges.changedAt,
      changedBy: staffUsers.name,
      data: siteContentChanges.data,
    })
    .from(siteContentChanges)
    .leftJoin(staffUsers, eq(staffUsers.id, siteContentChanges.changedBy))
    .where(eq(siteContentChanges.kind, "prices"))
    .orderBy(desc(siteContentChanges.changedAt), desc(siteContentChanges.id))
    .limit(limit + 1);
  // One more row than shown: the version before the oldest listed one, so it too says what it
  // changed (the first save ever is compared with the defaults).
  const shown = rows.slice(0, limit);
  return shown.map((r, i) => {
    const prev = rows[i + 1]?.data ?? {};
    const before = priceListWords(mergePriceList(prev));
    const after = priceListWords(mergePriceList(r.data));
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return {
      id: r.id,
      changedAt: r.changedAt.toISOString(),
      changedBy: r.changedBy ?? null,
      lines: diffLines(before, after, keys),
      restorable: i > 0,
    };
  });
}

/** 'Restaurar': a saved version of the price list becomes current again (recorded as a new save). */
export async function restorePriceList(deps: Deps, changeId: string, by: string | null): Promise<PriceList> {
  const [row] = await deps.db
    .select({ kind: siteContentChanges.kind, data: siteContentChanges.data })
    .from(siteContentChanges)
    .where(eq(siteContentChanges.id, changeId))
    .limit(1);
  if (row?.kind !== "prices") throw new NotFoundError("content-change");
  return savePriceList(deps, mergePriceList(row.data), by);
}
