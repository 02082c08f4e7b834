/**
 * Product prices (US dollars, stored as integer cents). Browser-safe and free of zod: the shop,
 * the product page and the WhatsApp cart format prices with these.
 */

export type Priced = {
  priceCents: number | null;
  salePriceCents: number | null;
  isOnSale: boolean;
};

/** The most a price may be (the form refuses more): US$ 100.000,00. */
export const MAX_PRICE_CENTS = 10_000_000;

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** 1250 → '$12.50' (Miami shops write dollars the US way). */
export function formatPrice(cents: number): string {
  return usd.format(cents / 100);
}

const usdWhole = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

/** The price list's style: '$245' for whole dollars, '$245.50' otherwise (formatPrice). */
export function formatDollars(cents: number): string {
  return cents % 100 === 0 ? usdWhole.format(cents / 100) : formatPrice(cents);
}

/** '12.50', '12,5', '$12' → cents; null when it is not an amount with at most two decimals. */
export function parseUsd(input: string): number | null {
  const text = input
    .trim()
    .replace(/^(US)?\$\s*/i, "")
    .replace(",", ".");
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = "0", frac = ""] = text.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

/** Cents as the form shows them: 1250 → '12.50'. */
export function centsToInput(cents: number | null): string {
  return cents == null ? "" : (cents / 100).toFixed(2);
}

/** What the customer pays per unit: the sale price while on sale, else the price; null = 'Consultar precio'. */
export function unitPriceCents(p: Priced): number | null {
  if (p.isOnSale && p.salePriceCents != null) return p.salePriceCents;
  return p.priceCents;
}

/** The regular price to strike through, when a sale price applies. */
export function struckPriceCents(p: Priced): number | null {
  return p.isOnSale && p.salePriceCents != null ? p.priceCents : null;
}

export const ASK_PRICE = "Consultar precio";
