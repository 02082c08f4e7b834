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

/**
 * The pairs of site colours people read one on the other (app/app.css): text, links and buttons.
 * `mark` is the colour field a refused save marks when nothing points at the other one.
 */
export const CONTRAST_PAIRS: { id: string; label: string; fg: Side; bg: Side; mark: ColorKey }[] = [
  { id: "text", label: "El texto sobre el fondo", fg: "text", bg: "background", mark: "text" },
  {
    id: "links",
    label: "Los enlaces y títulos en el color principal",
    fg: "primary",
    bg: "background",
    mark: "primary",
  },
  {
    id: "primary-button",
    label: "El texto blanco de los botones principales",
    fg: { fixed: TEXT_ON_PRIMARY },
    bg: "primary",
    mark: "primary",
  },
  {
    id: "accent-button",
    label: "El texto de los botones y etiquetas de acento",
    fg: "text",
    bg: "accent",
    mark: "accent",
  },
];

export type ContrastProblem = {
  id: string;
  label: string;
  ratio: number;
  /** The two colours (triplets) read one on the other. */
  fg: string;
  bg: string;
  /** The site colours of the pair a person can change. */
  keys: ColorKey[];
  mark: ColorKey;
};

/** The pairs below WCAG AA (4.5:1) with these colours; empty when all of them read well. */
export function contrastProblems(colors: SiteColors): ContrastProblem[] {
  const value = (side: Side) => (typeof side === "string" ? colors[side] : side.fixed);
  return CONTRAST_PAIRS.flatMap((p) => {
    const [fg, bg] = [value(p.fg), value(p.bg)];
    const ratio = contrastRatio(fg, bg);
    const keys = [p.fg, p.bg].filter((s): s is ColorKey => typeof s === "string");
    return ratio < AA_CONTRAST ? [{ id: p.id, label: p.label, ratio, fg, bg, keys, mark: p.mark }] : [];
  });
}

/**
 * '3,2:1', '4,4:1', '21:1': rounded down to one decimal, so a ratio below the rule never shows
 * as meeting it (4.49 is '4,4:1', not '4,5:1'). The one way the site writes a contrast.
 */
export function formatRatio(n: number): string {
  // The epsilon keeps 4.5 (45.000000001 or 44.99999999 after the multiplication) at 4,5.
  const down = Math.floor(n * 10 + 1e-9) / 10;
  return `${down.toLocaleString("es", { maximumFractionDigits: 1, useGrouping: false })}:1`;
}

/** 'se recomienda al menos 4,5:1'. */
export const AA_ADVICE = `se recomienda al menos ${formatRatio(AA_CONTRAST)}`;

/**
 * A colour as the owner would name it: 'verde', 'azul oscuro', 'gris claro', 'blanco'. Always a
 * masculine singular noun or adjective ('este verde', 'el fondo blanco').
 */
export function colorName(triplet: string): string {
  const { h, s, l } = colord(css(triplet)).toHsl();
  if (l >= 96) return "blanco";
  if (l <= 6) return "negro";
  const shade = l >= 75 ? " claro" : l <= 25 ? " oscuro" : "";
  if (s < 12) return `gris${shade}`;
  // Dark oranges and golds are what people call brown.
  if (h >= 15 && h < 50 && l <= 35) return "marrón";
  const hue =
    h < 15 || h >= 345
      ? "rojo"
      : h < 40
        ? "naranja"
        : h < 65
          ? "amarillo"
          : h < 165
            ? "verde"
            : h < 195
              ? "turquesa"
              : h < 255
                ? "azul"
                : h < 290
                  ? "morado"
                  : "rosa";
  return `${hue}${shade}`;
}

/** What reads badly and how badly, for the field a refused save marks. */
function pairSentence(p: ContrastProblem): string {
  const [fg, bg] = [colorName(p.fg), colorName(p.bg)];
  switch (p.id) {
    case "text":
      return `El texto ${fg} sobre el fondo ${bg} se lee mal`;
    case "links":
      return `Los enlaces y títulos en ${fg} sobre el fondo ${bg} se leen mal`;
    case "primary-button":
      return `El texto blanco de los botones sobre este ${bg} se lee mal`;
    default:
      return `El texto ${fg} de los botones de acento sobre el ${bg} se lee mal`;
  }
}

/** 'El texto blanco de los botones sobre este verde se lee mal: contraste 3,2:1 (se recomienda al menos 4,5:1).' */
export function contrastMessage(p: ContrastProblem): string {
  return `${pairSentence(p)}: contraste ${formatRatio(p.ratio)} (${AA_ADVICE}).`;
}

/**
 * The colour field each problem is shown by, with its message(s). A pair has two colours; the
 * one shared by the most problems is the likely culprit (a pale principal breaks links and
 * buttons alike), otherwise the pair's own `mark`.
 */
export function contrastFieldErrors(problems: ContrastProblem[]): Partial<Record<ColorKey, string>> {
  const count = new Map<ColorKey, number>();
  for (const p of problems) for (const k of p.keys) count.set(k, (count.get(k) ?? 0) + 1);
  const out: Partial<Record<ColorKey, string>> = {};
  for (const p of problems) {
    const best = Math.max(...p.keys.map((k) => count.get(k) ?? 0));
    const key =
      (count.get(p.mark) ?? 0) === best ? p.mark : (p.keys.find((k) => count.get(k) === best) ?? p.mark);
    out[key] = out[key] ? `${out[key]} ${contrastMessage(p)}` : contrastMessage(p);
  }
  return out;
}
