/**
 * Box sizes and prices for shipping to Central America (docs/product.md §5 'Shipping prices'), and the
 * calculator that finds the smallest listed box a package fits in.
 */
export type Dimensions = readonly [number, number, number];

export type BoxSize = {
  /** Inches, as the price list shows them. */
  dims: Dimensions;
  /** USD. */
  price: number;
};

/** Ordered from the smallest box (by volume) to the largest; the price grows with it. */
export const BOX_SIZES: readonly BoxSize[] = [
  { dims: [20, 20, 20], price: 245 },
  { dims: [22, 22, 22], price: 260 },
  { dims: [24, 24, 24], price: 285 },
  { dims: [36, 22, 22], price: 320 },
  { dims: [24, 24, 36], price: 370 },
  { dims: [41, 28, 24], price: 450 },
];

/** '20×20×20'. */
export function boxLabel(box: BoxSize): string {
  return box.dims.join("×");
}

/** '$245'. */
export function formatUsd(amount: number): string {
  return `$${amount.toLocaleString("en-US")}`;
}

const volume = (d: Dimensions) => d[0] * d[1] * d[2];
const descending = (d: Dimensions) => [...d].sort((a, b) => b - a);

/**
 * True when the package fits in the box in some orientation. Turning a box only permutes its
 * sides, and the best pairing is largest side to largest side, so comparing both sorted
 * lists side by side decides it.
 */
export function fitsIn(pkg: Dimensions, box: BoxSize): boolean {
  const p = descending(pkg);
  const b = descending(box.dims);
  return p.every((side, i) => side <= (b[i] ?? 0));
}

/** The smallest listed box the package fits in, or null when none is big enough. */
export function smallestBoxFor(pkg: Dimensions, boxes: readonly BoxSize[] = BOX_SIZES): BoxSize | null {
  const byVolume = [...boxes].sort((a, b) => volume(a.dims) - volume(b.dims) || a.price - b.price);
  return byVolume.find((box) => fitsIn(pkg, box)) ?? null;
}

/**
 * A measurement typed by a visitor: '12', '12.5' or '12,5' (Spanish decimal comma). Returns
 * null unless it is a number greater than 0.
 */
export function parseInches(input: string): number | null {
  const text = input.trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** Personal Shop prices (docs/product.md §5 'Personal Shop'). */
export const PERSONAL_SHOP = { commissionRate: 0.15, pricePerPound: 25, stores: 1000 } as const;

/** Purchase + 15 % commission + $25 per pound, in whole cents. */
export function personalShopTotal(purchase: number, pounds: number) {
  const commission = Math.round(purchase * PERSONAL_SHOP.commissionRate * 100) / 100;
  const shipping = Math.round(pounds * PERSONAL_SHOP.pricePerPound * 100) / 100;
  return { commission, shipping, total: Math.round((purchase + commission + shipping) * 100) / 100 };
}
