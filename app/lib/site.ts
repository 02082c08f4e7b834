/**
 * Site text and site settings: their shape, their Spanish defaults and the rules for merging
 * stored values over the defaults. Browser-safe: used by the shell and by the server.
 */

export const SITE_TEXT_DEFAULTS = {
  heroTitle: "Tu mini market latino en Miami",
  heroSubtitle:
    "Productos frescos, compras en tiendas de EE. UU. y envíos de paquetes y encomiendas familiares a Centroamérica.",
  shippingInfoTitle: "Envíos a Nicaragua y Costa Rica",
  shippingInfoBody:
    "Enviamos paquetes y encomiendas familiares desde Miami con seguimiento en cada paso del camino.",
  contactTitle: "Contáctenos",
  contactDescription: "¿Tienes preguntas sobre un envío o un producto? Escríbenos y te responderemos pronto.",
  contactEmail: "info@minimarketlatino.example",
  /** E.164, like every stored number (docs/product.md §4.9). */
  contactPhone: "+13055550100",
  contactAddress: "1234 SW 8th St, Miami, FL 33135",
  /**
   * The number every WhatsApp button writes to (E.164); empty means the contact phone itself
   * ('Usar el mismo número'). Resolved by siteContact (app/lib/site-contact.ts).
   */
  whatsappNumber: "",
  footerText: "Tu tienda latina de confianza en Miami. Envíos a Nicaragua, Costa Rica y toda Centroamérica.",
  businessHoursWeekday: "9:00 AM - 6:00 PM",
  businessHoursSaturday: "10:00 AM - 2:00 PM",
  businessHoursSunday: "Cerrado",
  servicesTitle: "Nuestros Servicios",
  servicesSubtitle: "Compras, envíos y encomiendas familiares desde Miami hasta Centroamérica.",
} as const;

export type SiteText = { -readonly [K in keyof typeof SITE_TEXT_DEFAULTS]: string };
export const SITE_TEXT_KEYS = Object.keys(SITE_TEXT_DEFAULTS) as (keyof SiteText)[];

/**
 * The shop's numbers as the pages use them: every `tel:` and `wa.me` link derives from these
 * (siteContact, app/lib/site-contact.ts, builds them on the server from the site texts).
 */
export type SiteContact = {
  /** The contact phone in E.164 (as stored when it is not a valid number). */
  phone: string;
  /** As people read it: (305) 555-0100, +505 8765 4321 (formatPhone, app/lib/phone-links.ts). */
  phoneDisplay: string;
  /** Its tel: link. */
  phoneHref: string;
  /** The number every WhatsApp button writes to (E.164), or null when none is valid. */
  whatsapp: string | null;
  /** The same as people read it. */
  whatsappDisplay: string | null;
  /** True when WhatsApp uses the contact phone ('Usar el mismo número'). */
  sameNumber: boolean;
};

/** siteContact of the default texts (a test checks they agree), for pages without root data. */
export const DEFAULT_SITE_CONTACT: SiteContact = {
  phone: "+13055550100",
  phoneDisplay: "(305) 555-0100",
  phoneHref: "tel:+13055550100",
  whatsapp: "+13055550100",
  whatsappDisplay: "(305) 555-0100",
  sameNumber: true,
};

export const COLOR_KEYS = ["primary", "secondary", "accent", "text", "background"] as const;
export type ColorKey = (typeof COLOR_KEYS)[number];
export type SiteColors = Record<ColorKey, string>;

export const DEFAULT_COLORS: SiteColors = {
  primary: "145 55% 30%",
  secondary: "145 40% 45%",
  accent: "40 85% 60%",
  text: "150 25% 12%",
  background: "40 33% 98%",
};
/** The shell's own primary (used before settings apply); the stored default is DEFAULT_COLORS. */
export const SHELL_PRIMARY = "142 60% 30%";
export const CHAT_PRIMARY = "122 40% 48%";

export const SITE_FONTS = [
  "Open Sans",
  "Montserrat",
  "Roboto",
  "Lato",
  "Inter",
  "Poppins",
  "Nunito",
] as const;

/**
 * How an uploaded banner is drawn on the landing page: under the site title with the dark overlay
 * (the spec's hero), under the title without darkening, or whole and uncovered with the title
 * below it (a banner that carries its own text, e.g. 'CERRADO 24 y 25 de diciembre').
 */
export const BANNER_LAYOUTS = ["overlay", "title", "full"] as const;
export type BannerLayout = (typeof BANNER_LAYOUTS)[number];

export type SiteSettings = {
  colors: SiteColors;
  logoUrl: string;
  logoSize: number;
  logoPosition: { top: string; left: string };
  fontFamily: string;
  bannerImageUrl: string;
  bannerLayout: BannerLayout;
  siteName: string;
};

export const SITE_SETTINGS_DEFAULTS: SiteSettings = {
  colors: DEFAULT_COLORS,
  logoUrl: "",
  logoSize: 50,
  logoPosition: { top: "0px", left: "0px" },
  fontFamily: "Poppins",
  bannerImageUrl: "",
  bannerLayout: "overlay",
  siteName: "Mini Market Latino",
};

const HSL_RE = /^\s*-?\d+(\.\d+)?\s+\d+(\.\d+)?%\s+\d+(\.\d+)?%\s*$/;

/** True for an HSL triplet 'hue saturation% lightness%' (docs/product.md §4.7 'Colours'). */
export function isHslTriplet(value: unknown): value is string {
  return typeof value === "string" && HSL_RE.test(value);
}

type Warn = (message: string) => void;

/** Stored site text merged over the defaults; unknown keys and non-strings are dropped. */
export function mergeSiteText(stored: unknown): SiteText {
  const out: SiteText = { ...SITE_TEXT_DEFAULTS };
  if (stored && typeof stored === "object") {
    for (const key of SITE_TEXT_KEYS) {
      const v = (stored as Record<string, unknown>)[key];
      if (typeof v === "string" && v.trim() !== "") out[key] = v;
    }
  }
  return out;
}

const CSS_LENGTH_RE = /^(0|-?\d+(\.\d+)?(px|%|rem|em|vh|vw))$/;

/** A CSS length the logo position accepts: '0', or a number with a unit ('4px', '-0.5rem', '5%'). */
export function isCssLength(value: string): boolean {
  return CSS_LENGTH_RE.test(value.trim());
}

/**
 * Stored settings merged over the defaults. A colour that is not a valid HSL triplet logs a
 * warning and uses the default; other bad values fall back silently to their defaults.
 */
export function mergeSiteSettings(stored: unknown, warn: Warn = () => {}): SiteSettings {
  const s = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const colorsIn = (s.colors && typeof s.colors === "object" ? s.colors : {}) as Record<string, unknown>;
  const colors = { ...DEFAULT_COLORS };
  for (const key of COLOR_KEYS) {
    const v = colorsIn[key];
    if (v === undefined) continue;
    if (isHslTriplet(v)) colors[key] = v.trim();
    else warn(`Color inválido para '${key}': ${JSON.stringify(v)}; se usa ${DEFAULT_COLORS[key]}`);
  }
  const size = Number(s.logoSize);
  const pos = (s.logoPosition && typeof s.logoPosition === "object" ? s.logoPosition : {}) as Record<
    string,
    unknown
  >;
  const cssLength = (v: unknown, fallback: string) =>
    typeof v === "string" && isCssLength(v) ? v.trim() : fallback;
  const str = (v: unknown, fallback: string) => (typeof v === "string" ? v : fallback);
  return {
    colors,
    logoUrl: str(s.logoUrl, ""),
    logoSize: Number.isFinite(size) && size >= 20 && size <= 100 ? Math.round(size) : 50,
    logoPosition: {
      top: cssLength(pos.top, SITE_SETTINGS_DEFAULTS.logoPosition.top),
      left: cssLength(pos.left, SITE_SETTINGS_DEFAULTS.logoPosition.left),
    },
    fontFamily:
      typeof s.fontFamily === "string" && (SITE_FONTS as readonly string[]).includes(s.fontFamily)
        ? s.fontFamily
        : SITE_SETTINGS_DEFAULTS.fontFamily,
    bannerImageUrl: str(s.bannerImageUrl, ""),
    bannerLayout: (BANNER_LAYOUTS as readonly unknown[]).includes(s.bannerLayout)
      ? (s.bannerLayout as BannerLayout)
      : SITE_SETTINGS_DEFAULTS.bannerLayout,
    siteName:
      typeof s.siteName === "string" && s.siteName.trim()
        ? s.siteName.trim()
        : SITE_SETTINGS_DEFAULTS.siteName,
  };
}
