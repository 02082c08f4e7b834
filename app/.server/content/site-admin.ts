import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { type ChangeLine, diffLines } from "../../lib/change-labels";
import {
  COLOR_KEYS,
  mergeSiteSettings,
  mergeSiteText,
  SITE_TEXT_KEYS,
  type SiteSettings,
  type SiteText,
} from "../../lib/site";
import { changedFields, recordAudit } from "../audit/audit";
import type { Db } from "../db/client";
import { siteContentChanges, siteSettings, siteText, staffUsers } from "../db/schema";
import type { Deps } from "../deps";
import { NotFoundError } from "../errors";
import { announceSiteChange } from "./site";

/**
 * Changes to the site's texts and settings (docs/product.md §3.2, §3.5, §4.7). Every save
 * writes the whole value, records a snapshot with who saved it, and is announced on the `site`
 * topic, which clears the site-content cache on every instance: public pages show it at their
 * next request.
 */

export type ContentChangeKind = "text" | "settings" | "banner";
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function recordChange(
  tx: Tx,
  kind: ContentChangeKind,
  data: Record<string, unknown>,
  by: string | null,
) {
  await tx.insert(siteContentChanges).values({ kind, data, changedBy: by });
}

const announce = (deps: Deps, kind: ContentChangeKind) => announceSiteChange(deps.bus, kind);

/** Saves every site text (the form sends the whole object); stored values merge over the defaults. */
export async function saveSiteText(deps: Deps, text: SiteText, by: string | null): Promise<SiteText> {
  const data = { ...text };
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ data: siteText.data })
      .from(siteText)
      .where(eq(siteText.id, 1))
      .for("update");
    const before = mergeSiteText(row?.data);
    await recordAudit(tx, deps.actor ?? null, {
      action: "site.text",
      changes: changedFields(before, mergeSiteText(data), SITE_TEXT_KEYS),
    });
    await tx
      .insert(siteText)
      .values({ id: 1, data, updatedAt: new Date() })
      .onConflictDoUpdate({ target: siteText.id, set: { data, updatedAt: new Date() } });
    await recordChange(tx, "text", data, by);
  });
  await announce(deps, "text");
  return mergeSiteText(data);
}

/** The stored settings with `patch` applied over them (the banner and the appearance form each send theirs). */
export type SettingsPatch = Partial<Omit<SiteSettings, "colors">> & {
  colors?: Partial<SiteSettings["colors"]>;
};

export type SettingsTx = Tx;

/** Site settings as flat fields, for the audit log's comparison. */
function flatSettings(s: SiteSettings): Record<string, unknown> {
  const { colors, logoPosition, ...rest } = s;
  return {
    ...rest,
    ...Object.fromEntries(Object.entries(colors).map(([k, v]) => [`color.${k}`, v])),
    logoTop: logoPosition.top,
    logoLeft: logoPosition.left,
  };
}
const SETTINGS_AUDITED = [
  "logoUrl",
  "logoSize",
  "logoTop",
  "logoLeft",
  "fontFamily",
  "bannerImageUrl",
  "bannerLayout",
  "siteName",
  ...COLOR_KEYS.map((k) => `color.${k}`),
];

/**
 * Applies a change to site settings under a row lock, so the banner and the appearance form
 * saved at once do not undo each other. `change` runs in the same transaction with the stored
 * settings and returns the patch (and may write other rows, e.g. the banner history). Records
 * the change and announces it. Returns the settings before and after, and `change`'s result.
 */
export async function changeSiteSettings<T>(
  deps: Deps,
  kind: "settings" | "banner",
  by: string | null,
  change: (tx: Tx, stored: SiteSettings) => Promise<{ patch: SettingsPatch; result: T }>,
): Promise<{ before: SiteSettings; after: SiteSettings; result: T }> {
  const out = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ data: siteSettings.data })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1))
      .for("update");
    const stored = (row?.data ?? {}) as Record<string, unknown>;
    const before = mergeSiteSettings(stored);
    const { patch, result } = await change(tx, before);
    const storedColors = (stored.colors && typeof stored.colors === "object" ? stored.colors : {}) as object;
    const data: Record<string, unknown> = {
      ...stored,
      ...patch,
      ...(patch.colors ? { colors: { ...storedColors, ...patch.colors } } : {}),
    };
    await tx
      .insert(siteSettings)
      .values({ id: 1, data, updatedAt: new Date() })
      .onConflictDoUpdate({ target: siteSettings.id, set: { data, updatedAt: new Date() } });
    await recordChange(tx, kind, data, by);
    const after = mergeSiteSettings(data);
    await recordAudit(tx, deps.actor ?? null, {
      action: kind === "banner" ? "site.banner" : "site.settings",
      changes: changedFields(flatSettings(before), flatSettings(after), SETTINGS_AUDITED),
    });
    return { before, after, result };
  });
  await announce(deps, kind);
  return out;
}

/** `changeSiteSettings` with a fixed patch. */
export async function updateSiteSettings(
  deps: Deps,
  patch: SettingsPatch,
  by: string | null,
  kind: "settings" | "banner" = "settings",
): Promise<{ before: SiteSettings; after: SiteSettings }> {
  const { before, after } = await changeSiteSettings(deps, kind, by, async () => ({ patch, result: null }));
  return { before, after };
}

export type ContentChange = {
  id: string;
  kind: ContentChangeKind;
  changedAt: string;
  /** The staff member's name, or null when their account was removed. */
  changedBy: string | null;
  /** The saved version (server only: pages get `lines`). */
  data: Record<string, unknown>;
  /** What this save changed from the version before it, in the owner's words. */
  lines: ChangeLine[];
};

type ChangeRow = { id: string; kind: ContentChangeKind; changedAt: Date; data: Record<string, unknown> };

/** Texts are one row; settings and the banner are snapshots of the other row, compared together. */
const groupOf = (kind: ContentChangeKind) => (kind === "text" ? "text" : "settings");
const flatOf = (kind: ContentChangeKind, data: Record<string, unknown> | null) =>
  kind === "text" ? (data ? mergeSiteText(data) : null) : data ? flatSettings(mergeSiteSettings(data)) : null;

/**
 * The last changes to texts, settings and banner, newest first, with their author and what each
 * changed from the version before it (the first save of each is compared with the defaults).
 */
export async function listContentChanges(db: Db, limit = 20): Promise<ContentChange[]> {
  const rows = await db
    .select({
      id: siteContentChanges.id,
      kind: sql<ContentChangeKind>`${siteContentChanges.kind}`,
      changedAt: siteContentChanges.changedAt,
      changedBy: staffUsers.name,
      data: siteContentChanges.data,
    })
    .from(siteContentChanges)
    .leftJoin(staffUsers, eq(staffUsers.id, siteContentChanges.changedBy))
    // The price list keeps its own history (/admin/precios, app/.server/content/prices.ts).
    .where(inArray(siteContentChanges.kind, ["text", "settings", "banner"]))
    .orderBy(desc(siteContentChanges.changedAt), desc(siteContentChanges.id))
    .limit(limit);
  // The version before the oldest listed one of each group, so it too says what it changed.
  const older = new Map<string, ChangeRow | null>();
  for (const group of ["text", "settings"] as const) {
    const oldest = rows.filter((r) => groupOf(r.kind) === group).at(-1);
    if (!oldest) continue;
    const kinds: ContentChangeKind[] = group === "text" ? ["text"] : ["settings", "banner"];
    const [prev] = await db
      .select({
        id: siteContentChanges.id,
        kind: sql<ContentChangeKind>`${siteContentChanges.kind}`,
        changedAt: siteContentChanges.changedAt,
        data: siteContentChanges.data,
      })
      .from(siteContentChanges)
      .where(and(inArray(siteContentChanges.kind, kinds), lt(siteContentChanges.changedAt, oldest.changedAt)))
      .orderBy(desc(siteContentChanges.changedAt), desc(siteContentChanges.id))
      .limit(1);
    older.set(group, prev ?? null);
  }
  return rows.map((r, i) => {
    const group = groupOf(r.kind);
    const prev = rows.slice(i + 1).find((o) => groupOf(o.kind) === group) ?? older.get(group) ?? null;
    const keys = group === "text" ? SITE_TEXT_KEYS : SETTINGS_AUDITED;
    const before = flatOf(r.kind, prev?.data ?? {}) as Record<string, unknown>;
    const after = flatOf(r.kind, r.data) as Record<string, unknown>;
    return {
      id: r.id,
      kind: r.kind,
      changedAt: r.changedAt.toISOString(),
      changedBy: r.changedBy ?? null,
      data: r.data,
      lines: diffLines(before, after, keys),
    };
  });
}

/** Saves a previous version of the texts again (recorded as a new change). */
export async function restoreSiteText(deps: Deps, changeId: string, by: string | null): Promise<SiteText> {
  const [row] = await deps.db
    .select({ kind: siteContentChanges.kind, data: siteContentChanges.data })
    .from(siteContentChanges)
    .where(eq(siteContentChanges.id, changeId))
    .limit(1);
  if (row?.kind !== "text") throw new NotFoundError("content-change");
  return saveSiteText(deps, mergeSiteText(row.data), by);
}
