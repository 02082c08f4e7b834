/**
 * The external marketplaces named on the public pages, kept in one place so the owner can
 * change them (docs/product.md: the spec does not name them).
 */
export type Marketplace = {
  /** Stable id: tab value and test hook. */
  id: string;
  name: string;
  /** Home page of the store, opened in a new tab from the first step. */
  url: string;
};

/** The two tabs of /tienda-externa (docs/product.md §2.4). */
export const QUOTE_MARKETPLACES: readonly Marketplace[] = [
  { id: "amazon", name: "Amazon", url: "https://www.amazon.com" },
  { id: "shein", name: "SHEIN", url: "https://us.shein.com" },
];

/** The three stores named on the landing page's online-shopping card (docs/product.md §2.2). */
export const LANDING_MARKETPLACES: readonly string[] = ["Amazon", "SHEIN", "Walmart"];

/** 'A, B y C' in Spanish ('A, B o C' with `or`). */
export function listInSpanish(items: readonly string[], conjunction: "y" | "o" = "y"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items[items.length - 1]}`;
}

/**
 * What the visitor pasted, reduced to the product link: share sheets often paste
 * 'Mira este producto https://…', and staff only need the address.
 */
export function extractProductLink(pasted: string): string {
  const text = pasted.trim();
  const match = text.match(/https?:\/\/\S+/i);
  return match ? match[0] : text;
}

/** The quote form's messages (docs/product.md §2.4), the same in the page and in its action. */
export const EMPTY_LINK = "Por favor, pega el enlace del producto que deseas cotizar.";
export const EMPTY_LINK_FIELD = "Pega aquí el enlace del producto.";
export const NOT_A_LINK =
  "Esto no es un enlace. Copia el enlace completo del producto (empieza por https://).";

/** The store a quote is for: its id, or the first store for anything else. */
export function marketplaceById(id: string | null | undefined): Marketplace {
  return QUOTE_MARKETPLACES.find((m) => m.id === id) ?? (QUOTE_MARKETPLACES[0] as Marketplace);
}

/** Whether the pasted text holds a web link (http or https, with a real host name). */
export function isProductLink(pasted: string): boolean {
  try {
    const url = new URL(extractProductLink(pasted));
    return (url.protocol === "https:" || url.protocol === "http:") && /\.[a-z]{2,}$/i.test(url.hostname);
  } catch {
    return false;
  }
}

/** The prefilled WhatsApp text of a quote request (docs/product.md §2.4: store name and product link). */
export function quoteMessage(storeName: string, link: string): string {
  return `Hola, quiero cotizar este producto de ${storeName}: ${link}`;
}
