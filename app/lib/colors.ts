import { colord, extend } from "colord";
import a11yPlugin from "colord/plugins/a11y";
import namesPlugin from "colord/plugins/names";
import type { ColorKey, SiteColors } from "./site";

/**
 * The site's colours (docs/product.md §3.2 'Colores del Sitio (HSL)', §4.7): people type them as
 * they know them — '#b91c1c', 'rgb(185, 28, 28)', 'hsl(0 74% 42%)', the HSL triplet
 * '0 74% 42%', a CSS name ('tomato') or a common Spanish one ('rojo') — and the site stores
 * each as the triplet its CSS variables use. Parsing and contrast come from colord; anything it
 * cannot read is refused, never saved as black. Browser-safe (the form checks as you type).
 */
extend([namesPlugin, a11yPlugin]);

/** A few colour names as Spanish speakers type them, mapped to CSS names. */
const SPANISH_NAMES: Record<string, string> = {
  rojo: "red",
  verde: "green",
  azul: "blue",
  amarillo: "yellow",
  naranja: "orange",
  morado: "purple",
  violeta: "violet",
  rosa: "pink",
  rosado: "pink",
  negro: "black",
  blanco: "white",
  gris: "gray",
  marron: "brown",
  cafe: "saddlebrown",
  celeste: "lightskyblue",
  turquesa: "turquoise",
  dorado: "gold",
  "azul marino": "navy",
  "verde oscuro": "darkgreen",
  "verde claro": "lightgreen",
  "azul claro": "lightblue",
  "rojo oscuro": "darkred",
};

const TRIPLET_RE = /^(-?\d+(?:\.\d+)?)(?:deg)?[\s,]+(\d+(?:\.\d+)?)%[\s,]+(\d+(?:\.\d+)?)%$/i;

export type ColorReading = { ok: true; hsl: string } | { ok: false; reason: "unknown" | "transparent" };

/** What a person typed → the stored triplet 'h s% l%' (whole numbers), or why it cannot be a site colour. */
export function readColor(input: string): ColorReading {
  const text = input.trim().replace(/\s+/g, " ");
  if (!text || text.length > 60) return { ok: false, reason: "unknown" };
  const plain = text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
  const triplet = TRIPLET_RE.exec(text);
  const source = triplet
    ? `hsl(${triplet[1]} ${triplet[2]}% ${triplet[3]}%)`
    : (SPANISH_NAMES[plain] ?? (/^[0-9a-f]{6}$/i.test(text) ? `#${text}` : text));
  const c = colord(source);
  if (!c.isValid()) return { ok: false, reason: "unknown" };
  if (c.alpha() < 1) return { ok: false, reason: "transparent" };
  const { h, s, l } = c.toHsl();
  return { ok: true, hsl: `${h} ${s}% ${l}%` };
}

/** The field error for a colour that cannot be read. */
export function colorRefusal(reason: "unknown" | "transparent"): string {
  return reason === "transparent"
    ? "Usa un color sin transparencia."
    : "No se reconoce este color. Escríbelo como #b91c1c, rgb(185, 28, 28), hsl(0 74% 42%), 0 74% 42% o un nombre como rojo.";
}

const css = (triplet: string) => `hsl(${triplet})`;

/** A stored triplet as '#rrggbb' for the colour picker. */
export function hslToHex(triplet: string): string {
  const c = colord(css(triplet));
  return c.isValid() ? c.toHex().slice(0, 7) : "#000000";
}

/** WCAG contrast ratio of two colours (triplets), from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  return colord(css(a)).contrast(css(b));
}

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

/** The text colour the site puts on primary-coloured buttons (app.css `--color-primary-foreground`). */
export const TEXT_ON_PRIMARY = "0 0% 100%";

type Side = ColorKey | { fixed: string };

/** The pairs of site colours people read one on the other (app/app.css): text, links and buttons. */
export const CONTRAST_PAIRS: { id: string; label: string; fg: Side; bg: Side }[] = [
  { id: "text", label: "El texto sobre el fondo", fg: "text", bg: "background" },
  { id: "links", label: "Los enlaces y títulos en el color principal", fg: "primary", bg: "background" },
  {
    id: "primary-button",
    label: "El texto blanco de los botones principales",
    fg: { fixed: TEXT_ON_PRIMARY },
    bg: "primary",
  },
  { id: "accent-button", label: "El texto de los botones y etiquetas de acento", fg: "text", bg: "accent" },
];

export type ContrastProblem = { id: string; label: string; ratio: number };

/** The pairs below WCAG AA (4.5:1) with these colours; empty when all of them read well. */
export function contrastProblems(colors: SiteColors): ContrastProblem[] {
  const value = (side: Side) => (typeof side === "string" ? colors[side] : side.fixed);
  return CONTRAST_PAIRS.flatMap((p) => {
    const ratio = contrastRatio(value(p.fg), value(p.bg));
    return ratio < AA_CONTRAST ? [{ id: p.id, label: p.label, ratio }] : [];
  });
}

/** '3,2:1' */
export function formatRatio(n: number): string {
  return `${n.toLocaleString("es", { maximumFractionDigits: 1 })}:1`;
}
