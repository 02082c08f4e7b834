/**
 * The colours panel's arithmetic (docs/product.md §3.2 'Colores del Sitio (HSL)'): the site
 * stores each colour as an HSL triplet 'hue saturation% lightness%'; the picker speaks hex.
 * Browser-safe and dependency-free.
 */

export type Hsl = { h: number; s: number; l: number };

const TRIPLET_RE = /^\s*(-?\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)%\s+(\d+(?:\.\d+)?)%\s*$/;

/** A typed triplet; text that cannot be parsed reads as black '0 0% 0%' (the spec's rule). */
export function parseHsl(value: string): Hsl {
  const m = TRIPLET_RE.exec(value);
  if (!m) return { h: 0, s: 0, l: 0 };
  const h = ((Number(m[1]) % 360) + 360) % 360;
  return { h, s: Math.min(100, Number(m[2])), l: Math.min(100, Number(m[3])) };
}

export function formatHsl({ h, s, l }: Hsl): string {
  return `${Math.round(h)} ${Math.round(s)}% ${Math.round(l)}%`;
}

/** '#1f7a45' → '145 59% 30%'; null when it is not a 6-digit hex colour. */
export function hexToHsl(hex: string): string | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const n = Number.parseInt(m[1], 16);
  const r = ((n >> 16) & 255) / 255;
  const g = ((n >> 8) & 255) / 255;
  const b = (n & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  let h = 0;
  let s = 0;
  if (d !== 0) {
    s = d / (1 - Math.abs(2 * l - 1));
    if (max === r) h = 60 * (((g - b) / d + 6) % 6);
    else if (max === g) h = 60 * ((b - r) / d + 2);
    else h = 60 * ((r - g) / d + 4);
  }
  return formatHsl({ h, s: s * 100, l: l * 100 });
}

function rgbOf({ h, s, l }: Hsl): [number, number, number] {
  const sat = s / 100;
  const lig = l / 100;
  const c = (1 - Math.abs(2 * lig - 1)) * sat;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = lig - c / 2;
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  return [r + m, g + m, b + m];
}

/** A triplet as '#rrggbb' for the colour picker (unparsable text shows as black). */
export function hslToHex(value: string): string {
  return `#${rgbOf(parseHsl(value))
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

function luminance(value: string): number {
  const lin = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = rgbOf(parseHsl(value)).map(lin) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two triplets, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

/** The text colour the site puts on primary-coloured buttons (app.css `--color-primary-foreground`). */
export const TEXT_ON_PRIMARY = "0 0% 100%";
