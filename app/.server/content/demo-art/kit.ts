/**
 * Small SVG drawing kit for the demo pictures: a seeded random source (same pictures on every
 * first start) and the figures shared by several scenes (people, cardboard boxes, clouds).
 */

/** mulberry32: tiny deterministic PRNG. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min: number, max: number) => min + next() * (max - min),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
export type Rng = ReturnType<typeof seeded>;

export const SKIN = ["#f1c9a5", "#e0ac84", "#c68a62", "#a86b45", "#8a5536", "#6b3f27"] as const;
export const HAIR = ["#2b1b12", "#3d2616", "#1c1c1c", "#5a3a22", "#8a5a32", "#4a4a4a"] as const;
export const SHIRTS = ["#1f7a45", "#2f6db5", "#d64933", "#f2b431", "#7b4ea3", "#ef7d2d", "#12a0a0"] as const;

export const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

/** A soft cloud of overlapping circles. */
export function cloud(x: number, y: number, s: number, opacity = 0.9): string {
  const parts = [
    [0, 0, 60],
    [55, -25, 70],
    [120, 0, 58],
    [60, 15, 60],
  ]
    .map(([dx, dy, r]) => `<circle cx="${x + (dx ?? 0) * s}" cy="${y + (dy ?? 0) * s}" r="${(r ?? 0) * s}"/>`)
    .join("");
  return `<g fill="#fff" opacity="${opacity}">${parts}</g>`;
}

/** A cardboard box seen slightly from above: front, top and side faces plus packing tape. */
export function cardboardBox(x: number, y: number, w: number, h: number, tone = 0): string {
  const d = Math.min(w, h) * 0.28;
  const base = ["#c8955c", "#b9854f", "#d3a36c", "#bf8a55"][tone % 4];
  return `<g>
    <polygon points="${x},${y} ${x + d},${y - d * 0.6} ${x + w + d},${y - d * 0.6} ${x + w},${y}" fill="#dcb07a"/>
    <polygon points="${x + w},${y} ${x + w + d},${y - d * 0.6} ${x + w + d},${y + h - d * 0.6} ${x + w},${y + h}" fill="#9c6d3e"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${base}"/>
    <rect x="${x + w / 2 - w * 0.07}" y="${y}" width="${w * 0.14}" height="${h * 0.42}" fill="#e9c995" opacity="0.9"/>
    <polygon points="${x + w / 2 - w * 0.07},${y} ${x + w / 2 + w * 0.07},${y} ${x + w / 2 + w * 0.07 + d},${y - d * 0.6} ${x + w / 2 - w * 0.07 + d},${y - d * 0.6}" fill="#f1d7a8"/>
    <rect x="${x + w * 0.08}" y="${y + h * 0.62}" width="${w * 0.3}" height="${h * 0.18}" rx="3" fill="#f7ead2" opacity="0.85"/>
    <path d="M${x + w * 0.72} ${y + h * 0.8} v-${h * 0.16} m-${w * 0.05} ${h * 0.06} l${w * 0.05} -${h * 0.06} l${w * 0.05} ${h * 0.06}" stroke="#6b4424" stroke-width="${Math.max(2, w * 0.02)}" fill="none" stroke-linecap="round"/>
  </g>`;
}

export type PersonStyle = {
  skin: string;
  hair: string;
  shirt: string;
  pants: string;
  hairStyle: "short" | "long" | "bun" | "curly" | "cap";
};

/** A standing person, feet at (x, y), about 330 * s tall; `holding` draws a box in their arms. */
export function person(x: number, y: number, s: number, p: PersonStyle, holding = false): string {
  const headY = y - 300 * s;
  const r = 34 * s;
  const hair = hairShape(x, headY, r, p);
  const arms = holding
    ? `<path d="M${x - 52 * s} ${y - 225 * s} q-10 ${60 * s} ${30 * s} ${85 * s}" stroke="${p.shirt}" stroke-width="${26 * s}" stroke-linecap="round" fill="none"/>
       <path d="M${x + 52 * s} ${y - 225 * s} q10 ${60 * s} ${-30 * s} ${85 * s}" stroke="${p.shirt}" stroke-width="${26 * s}" stroke-linecap="round" fill="none"/>
       ${cardboardBox(x - 55 * s, y - 175 * s, 110 * s, 80 * s, 2)}
       <circle cx="${x - 52 * s}" cy="${y - 135 * s}" r="${12 * s}" fill="${p.skin}"/>
       <circle cx="${x + 52 * s}" cy="${y - 135 * s}" r="${12 * s}" fill="${p.skin}"/>`
    : `<path d="M${x - 52 * s} ${y - 225 * s} l${-14 * s} ${100 * s}" stroke="${p.shirt}" stroke-width="${24 * s}" stroke-linecap="round"/>
       <path d="M${x + 52 * s} ${y - 225 * s} l${14 * s} ${100 * s}" stroke="${p.shirt}" stroke-width="${24 * s}" stroke-linecap="round"/>
       <circle cx="${x - 67 * s}" cy="${y - 118 * s}" r="${12 * s}" fill="${p.skin}"/>
       <circle cx="${x + 67 * s}" cy="${y - 118 * s}" r="${12 * s}" fill="${p.skin}"/>`;
  // Long hair goes behind the shirt, as two strands beside the face, so it never reads as a beard.
  const longHair =
    p.hairStyle === "long"
      ? `<rect x="${x - r * 1.12}" y="${headY - r * 0.3}" width="${r * 0.7}" height="${r * 2.3}" rx="${r * 0.35}" fill="${p.hair}"/>
         <rect x="${x + r * 0.42}" y="${headY - r * 0.3}" width="${r * 0.7}" height="${r * 2.3}" rx="${r * 0.35}" fill="${p.hair}"/>`
      : "";
  return `<g>
    ${longHair}
    <rect x="${x - 40 * s}" y="${y - 120 * s}" width="${34 * s}" height="${120 * s}" rx="${12 * s}" fill="${p.pants}"/>
    <rect x="${x + 6 * s}" y="${y - 120 * s}" width="${34 * s}" height="${120 * s}" rx="${12 * s}" fill="${p.pants}"/>
    <rect x="${x - 58 * s}" y="${y - 250 * s}" width="${116 * s}" height="${145 * s}" rx="${40 * s}" fill="${p.shirt}"/>
    <rect x="${x - 11 * s}" y="${headY + r * 0.7}" width="${22 * s}" height="${30 * s}" fill="${p.skin}"/>
    <circle cx="${x}" cy="${headY}" r="${r}" fill="${p.skin}"/>
    ${hair}
    <circle cx="${x - r * 0.35}" cy="${headY - r * 0.05}" r="${r * 0.09}" fill="#2a1a10"/>
    <circle cx="${x + r * 0.35}" cy="${headY - r * 0.05}" r="${r * 0.09}" fill="#2a1a10"/>
    <path d="M${x - r * 0.38} ${headY + r * 0.3} q${r * 0.38} ${r * 0.36} ${r * 0.76} 0" stroke="#7a2e24" stroke-width="${Math.max(1.5, r * 0.09)}" fill="none" stroke-linecap="round"/>
    ${arms}
  </g>`;
}

/** Hair drawn over a head of radius r centred at (x, y). */
export function hairShape(
  x: number,
  y: number,
  r: number,
  p: Pick<PersonStyle, "hair" | "hairStyle">,
): string {
  switch (p.hairStyle) {
    case "long":
    case "short":
      return `<path d="M${x - r} ${y} a${r} ${r} 0 0 1 ${r * 2} 0 q${-r * 0.5} ${-r * 0.55} ${-r * 1.2} ${-r * 0.45} q${-r * 0.5} ${r * 0.1} ${-r * 0.8} ${r * 0.45}z" fill="${p.hair}"/>`;
    case "bun":
      return `<circle cx="${x}" cy="${y - r * 1.05}" r="${r * 0.45}" fill="${p.hair}"/>
        <path d="M${x - r} ${y - r * 0.05} a${r} ${r} 0 0 1 ${r * 2} 0 q${-r} ${-r * 0.5} ${-r * 2} 0z" fill="${p.hair}"/>`;
    case "curly":
      return [-0.8, -0.4, 0, 0.4, 0.8]
        .map(
          (dx, i) =>
            `<circle cx="${x + dx * r}" cy="${y - r * (i % 2 ? 0.85 : 0.7)}" r="${r * 0.42}" fill="${p.hair}"/>`,
        )
        .join("");
    case "cap":
      return `<path d="M${x - r * 1.02} ${y - r * 0.15} a${r * 1.02} ${r * 1.02} 0 0 1 ${r * 2.04} 0z" fill="#1f7a45"/>
        <rect x="${x - r * 0.2}" y="${y - r * 0.3}" width="${r * 1.5}" height="${r * 0.22}" rx="${r * 0.1}" fill="#17603a"/>`;
  }
}
