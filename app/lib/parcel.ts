import { centsToInput, formatPrice, parseUsd } from "./prices";

/**
 * What a parcel carries besides the spec's delivery details (issue 39): the declared contents
 * for customs, one line per item, typed at the counter as 'Ropa usada, 40' and kept as
 * description + value in US cents. Browser-safe and free of zod: the staff form, the server's
 * schema (order-forms.ts), the audit log and the print pages read it.
 */

export type ContentLine = { description: string; valueCents: number };

export const MAX_CONTENT_LINES = 30;
/** The whole contents field, as typed. */
export const CONTENTS_MAX = 5000;
export const CONTENT_DESCRIPTION_MAX = 120;
/** No declared item above $50,000: anything more is a typing slip. */
export const MAX_CONTENT_VALUE_CENTS = 5_000_000;
/** The 'Otro' box's weight: a parcel above 500 lb does not go over the counter. */
export const MAX_WEIGHT_LB = 500;
/** The box select's value for a parcel in a box of its own ('Otro', weighed in pounds). */
export const OTHER_BOX = "otro";

/** The example every message about the contents field shows. */
export const CONTENTS_EXAMPLE = "Ropa usada, 40";

// 'Ropa usada, 40' · 'Zapatos - $35.50' · 'Perfume $12' · 'Juguetes: 20 USD': the description,
// then the amount (read by parseUsd, as every dollar field is).
const LINE = /^(.*?)[\s,;:–-]*((?:US)?\$?\s*\d{1,6}(?:[.,]\d{1,2})?)\s*(?:usd|us\$|d[oó]lares)?$/i;

const howToWrite = (n: number) =>
  `Línea ${n}: escribe el artículo y su valor en dólares (ej: ${CONTENTS_EXAMPLE}).`;

/** One typed line → an item, or why it is not one (in Spanish, naming the line). */
function parseLine(raw: string, n: number): ContentLine | string {
  const m = LINE.exec(raw.trim());
  const description = m?.[1]?.trim().replace(/[\s,;:–-]+$/, "") ?? "";
  if (!m || !description) return howToWrite(n);
  if (description.length > CONTENT_DESCRIPTION_MAX)
    return `Línea ${n}: máximo ${CONTENT_DESCRIPTION_MAX} caracteres en la descripción.`;
  const valueCents = parseUsd(m[2] ?? "");
  if (valueCents === null) return howToWrite(n);
  if (valueCents > MAX_CONTENT_VALUE_CENTS)
    return `Línea ${n}: el valor no puede pasar de ${formatPrice(MAX_CONTENT_VALUE_CENTS)}.`;
  return { description, valueCents };
}

/**
 * The contents field, one item per line (empty lines skipped) → the items, or the first line's
 * error. An empty field is no declaration (null).
 */
export function parseContents(
  text: string,
): { ok: true; lines: ContentLine[] | null } | { ok: false; error: string } {
  const rows = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (rows.length === 0) return { ok: true, lines: null };
  if (rows.length > MAX_CONTENT_LINES)
    return { ok: false, error: `Máximo ${MAX_CONTENT_LINES} líneas (una por artículo).` };
  const lines: ContentLine[] = [];
  for (const [i, row] of rows.entries()) {
    const parsed = parseLine(row, i + 1);
    if (typeof parsed === "string") return { ok: false, error: parsed };
    lines.push(parsed);
  }
  return { ok: true, lines };
}

/** The items as the field shows them again: 'Ropa usada, 40' / 'Zapatos, 35.50'. */
export function formatContents(lines: readonly ContentLine[] | null | undefined): string {
  return (lines ?? [])
    .map((l) => `${l.description}, ${centsToInput(l.valueCents).replace(/\.00$/, "")}`)
    .join("\n");
}

/** The declared value of all items, in cents. */
export const declaredTotalCents = (lines: readonly ContentLine[] | null | undefined): number =>
  (lines ?? []).reduce((sum, l) => sum + l.valueCents, 0);

/** 'Ropa usada ($40.00) · Zapatos ($35.50)': the contents in one line, for lists and the log. */
export function contentsLine(lines: readonly ContentLine[] | null | undefined): string {
  return (lines ?? []).map((l) => `${l.description} (${formatPrice(l.valueCents)})`).join(" · ");
}

/** '12,5 lb' (Spanish decimal comma). */
export function formatPounds(lb: number): string {
  return `${lb.toLocaleString("es", { maximumFractionDigits: 1 })} lb`;
}

/** The box as staff and the customer read it: the price list's name, or 'Otro · 12,5 lb'. */
export function boxLine(box: string | null, weightLb: number | null): string | null {
  if (!box) return null;
  return box === OTHER_BOX ? `Otro${weightLb ? ` · ${formatPounds(weightLb)}` : ""}` : box;
}
