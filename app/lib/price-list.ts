/**
 * The shop's price list as data the owner edits at /admin/precios: box sizes with their inside
 * measurements and prices, and the Personal Shop commission and price per pound. Money is in
 * US cents. Browser-safe and free of zod (the form schema is in price-forms.ts): /servicios, the
 * box finder, the landing page, /personal-shop, the structured data and the WhatsApp texts all
 * read the one record the server loads (app/.server/content/prices.ts).
 */

export type Dimensions = [number, number, number];

export type BoxPrice = {
  /** Stable across renames and reorders (the form's row key). */
  id: string;
  /** What the owner calls it ('Caja pequeña'); may be empty, then the measurements name it. */
  name: string;
  /** Inside measurements in inches, as the price list shows them. */
  inches: Dimensions;
  /** The same in centimetres (rounded to 0.5 cm by default; the owner may write her own). */
  cm: Dimensions;
  priceCents: number;
};

export type PriceList = {
  /** In the order the owner set (the site lists them so). */
  boxes: BoxPrice[];
  /** Personal Shop service commission on the purchase, in hundredths of a percent (1500 = 15 %). */
  commissionBasisPoints: number;
  /** Personal Shop international shipping per pound, in cents. */
  pricePerPoundCents: number;
};

export const MAX_BOXES = 20;
/** No box above $5,000, no side above 120 in, no more than $500 a pound: anything more is a typing slip. */
export const MAX_BOX_PRICE_CENTS = 500_000;
export const MAX_SIDE_INCHES = 120;
export const MAX_COMMISSION_BASIS_POINTS = 10_000;
export const MAX_PRICE_PER_POUND_CENTS = 50_000;

/** Inches → centimetres, to the nearest half centimetre. */
export function inchesToCm(inches: number): number {
  return Math.round(inches * 2.54 * 2) / 2;
}

const box = (id: string, inches: Dimensions, dollars: number): BoxPrice => ({
  id,
  name: "",
  inches,
  cm: inches.map(inchesToCm) as Dimensions,
  priceCents: dollars * 100,
});

/** docs/product.md §5 'Shipping prices': the six boxes, 15 % and $25 per pound. */
export const DEFAULT_PRICE_LIST: PriceList = {
  boxes: [
    box("caja-20", [20, 20, 20], 245),
    box("caja-22", [22, 22, 22], 260),
    box("caja-24", [24, 24, 24], 285),
    box("caja-36", [36, 22, 22], 320),
    box("caja-24x36", [24, 24, 36], 370),
    box("caja-41", [41, 28, 24], 450),
  ],
  commissionBasisPoints: 1500,
  pricePerPoundCents: 2500,
};

const wholeUpTo = (v: unknown, max: number): number | null =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= max ? v : null;
const side = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v) && v > 0 && v <= MAX_SIDE_INCHES * 2.54 ? v : null;
const dims = (v: unknown): Dimensions | null => {
  if (!Array.isArray(v) || v.length !== 3) return null;
  const out = v.map(side);
  return out.every((n) => n !== null) ? (out as Dimensions) : null;
};

/**
 * A stored price list over the defaults: a box that is not well formed is dropped, and a list
 * with no valid box keeps the default boxes (the site always has a price to show).
 */
export function mergePriceList(stored: unknown): PriceList {
  const s = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const boxes: BoxPrice[] = [];
  if (Array.isArray(s.boxes)) {
    for (const raw of s.boxes.slice(0, MAX_BOXES)) {
      const b = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
      const inches = dims(b.inches);
      const priceCents = wholeUpTo(b.priceCents, MAX_BOX_PRICE_CENTS);
      if (!inches || priceCents === null || typeof b.id !== "string" || !b.id) continue;
      boxes.push({
        id: b.id,
        name: typeof b.name === "string" ? b.name.trim().slice(0, 60) : "",
        inches,
        cm: dims(b.cm) ?? (inches.map(inchesToCm) as Dimensions),
        priceCents,
      });
    }
  }
  return {
    boxes: boxes.length > 0 ? boxes : DEFAULT_PRICE_LIST.boxes,
    commissionBasisPoints:
      wholeUpTo(s.commissionBasisPoints, MAX_COMMISSION_BASIS_POINTS) ??
      DEFAULT_PRICE_LIST.commissionBasisPoints,
    pricePerPoundCents:
      wholeUpTo(s.pricePerPoundCents, MAX_PRICE_PER_POUND_CENTS) ?? DEFAULT_PRICE_LIST.pricePerPoundCents,
  };
}

const trimNumber = (n: number) => (Number.isInteger(n) ? String(n) : String(Number(n.toFixed(2))));

/** '20×20×20', '91,5×56×56' (Spanish decimal comma). */
export function dimsLabel(d: Dimensions): string {
  return d.map((n) => trimNumber(n).replace(".", ",")).join("×");
}

/** A box as people name it: its name, or its measurements in inches. */
export function boxTitle(b: Pick<BoxPrice, "name" | "inches">): string {
  return b.name || `${dimsLabel(b.inches)} pulgadas`;
}

/** 1500 → '15%', 1250 → '12,5%' (Spanish decimal comma). */
export function formatPercent(basisPoints: number): string {
  return `${trimNumber(basisPoints / 100).replace(".", ",")}%`;
}

/** The cheapest box, for 'desde $245'. */
export function cheapestBoxCents(list: PriceList): number {
  return Math.min(...list.boxes.map((b) => b.priceCents));
}

const volume = (d: Dimensions) => d[0] * d[1] * d[2];
const descending = (d: Dimensions) => [...d].sort((a, b) => b - a);

/**
 * True when the package fits in the box in some orientation. Turning a box only permutes its
 * sides, and the best pairing is largest side to largest side, so comparing both sorted
 * lists side by side decides it.
 */
export function fitsIn(pkg: Dimensions, b: Pick<BoxPrice, "inches">): boolean {
  const p = descending(pkg);
  const s = descending(b.inches);
  return p.every((n, i) => n <= (s[i] ?? 0));
}

/** The smallest listed box (by volume, then price) the package fits in, or null when none is big enough. */
export function smallestBoxFor(pkg: Dimensions, boxes: readonly BoxPrice[]): BoxPrice | null {
  const byVolume = [...boxes].sort(
    (a, b) => volume(a.inches) - volume(b.inches) || a.priceCents - b.priceCents,
  );
  return byVolume.find((b) => fitsIn(pkg, b)) ?? null;
}

/** The largest box (by volume), for 'la caja más grande mide …'. */
export function largestBox(boxes: readonly BoxPrice[]): BoxPrice | undefined {
  return [...boxes].sort((a, b) => volume(b.inches) - volume(a.inches))[0];
}

/** Purchase + commission + shipping by weight, all in cents. */
export function personalShopTotal(list: PriceList, purchaseCents: number, pounds: number) {
  const commission = Math.round((purchaseCents * list.commissionBasisPoints) / 10_000);
  const shipping = Math.round(pounds * list.pricePerPoundCents);
  return { commission, shipping, total: purchaseCents + commission + shipping };
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

/**
 * schema.org offers for the price list (the business's `makesOffer`, and /servicios): one Offer
 * per box and the Personal Shop price per pound, in the owner's current prices.
 */
export function priceListOffersJsonLd(list: PriceList, origin: string) {
  const usd = (cents: number) => (cents / 100).toFixed(2);
  return [
    ...list.boxes.map((b) => ({
      "@type": "Offer",
      name: `Envío en caja de ${dimsLabel(b.inches)} pulgadas${b.name ? ` (${b.name})` : ""}`,
      price: usd(b.priceCents),
      priceCurrency: "USD",
      url: `${origin}/servicios#precios`,
      itemOffered: {
        "@type": "Service",
        name: `Envío de paquete a Centroamérica, caja de ${dimsLabel(b.inches)} pulgadas`,
      },
    })),
    {
      "@type": "Offer",
      name: "Personal Shop: envío internacional por libra",
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: usd(list.pricePerPoundCents),
        priceCurrency: "USD",
        unitCode: "LBR",
      },
      url: `${origin}/personal-shop`,
      itemOffered: { "@type": "Service", name: "Personal Shop" },
    },
  ];
}
