import { type Rng, seeded, svg } from "./kit";

/** The main demo hero: the inside of the mini market, shelves full of goods and fruit crates. */
const W = 1920;
const H = 1080;
const GOODS = ["#d64933", "#f2b431", "#3c8d4f", "#2f6db5", "#ef7d2d", "#7b4ea3", "#f7f3ea", "#12a0a0"];

function product(rng: Rng, x: number, floor: number): { svg: string; width: number } {
  const c = rng.pick(GOODS);
  const label = rng.pick(["#fff8e7", "#fbe6b8", "#ffffff", "#222"]);
  const kind = rng.pick(["box", "can", "can", "jar", "bottle", "bag"] as const);
  if (kind === "box") {
    const w = rng.range(62, 96);
    const h = rng.range(100, 140);
    return {
      width: w,
      svg: `<rect x="${x}" y="${floor - h}" width="${w}" height="${h}" rx="4" fill="${c}"/>
        <rect x="${x + 8}" y="${floor - h * 0.7}" width="${w - 16}" height="${h * 0.32}" rx="4" fill="${label}" opacity="0.9"/>
        <circle cx="${x + w / 2}" cy="${floor - h * 0.54}" r="${w * 0.1}" fill="${c}"/>
        <rect x="${x}" y="${floor - h}" width="${w * 0.18}" height="${h}" fill="#000" opacity="0.08"/>`,
    };
  }
  if (kind === "can") {
    const w = rng.range(46, 60);
    const h = rng.range(70, 96);
    return {
      width: w,
      svg: `<rect x="${x}" y="${floor - h}" width="${w}" height="${h}" rx="6" fill="${c}"/>
        <rect x="${x}" y="${floor - h * 0.68}" width="${w}" height="${h * 0.4}" fill="${label}" opacity="0.92"/>
        <ellipse cx="${x + w / 2}" cy="${floor - h}" rx="${w / 2}" ry="5" fill="#d9d9d9"/>
        <rect x="${x + w * 0.7}" y="${floor - h}" width="${w * 0.14}" height="${h}" fill="#fff" opacity="0.18"/>`,
    };
  }
  if (kind === "jar") {
    const w = rng.range(54, 70);
    const h = rng.range(74, 96);
    return {
      width: w,
      svg: `<rect x="${x}" y="${floor - h + 14}" width="${w}" height="${h - 14}" rx="12" fill="${c}" opacity="0.85"/>
        <rect x="${x + 4}" y="${floor - h}" width="${w - 8}" height="18" rx="4" fill="#c9a227"/>
        <rect x="${x + 8}" y="${floor - h * 0.55}" width="${w - 16}" height="${h * 0.3}" rx="3" fill="#fff8e7"/>
        <rect x="${x + w * 0.72}" y="${floor - h + 20}" width="6" height="${h * 0.55}" rx="3" fill="#fff" opacity="0.35"/>`,
    };
  }
  if (kind === "bottle") {
    const w = rng.range(40, 50);
    const h = rng.range(130, 160);
    return {
      width: w,
      svg: `<path d="M${x} ${floor} v-${h * 0.62} q0 -${h * 0.12} ${w * 0.3} -${h * 0.2} v-${h * 0.16} h${w * 0.4} v${h * 0.16} q${w * 0.3} ${h * 0.08} ${w * 0.3} ${h * 0.2} v${h * 0.62} z" fill="${c}"/>
        <rect x="${x + w * 0.28}" y="${floor - h - 8}" width="${w * 0.44}" height="14" rx="3" fill="#333"/>
        <rect x="${x + 4}" y="${floor - h * 0.45}" width="${w - 8}" height="${h * 0.22}" fill="${label}"/>`,
    };
  }
  const w = rng.range(70, 92);
  const h = rng.range(96, 120);
  return {
    width: w,
    svg: `<path d="M${x + 4} ${floor} l-4 -${h - 12} l6 -12 h${w - 12} l6 12 l-4 ${h - 12} z" fill="${c}"/>
      <path d="M${x + 2} ${floor - h + 10} h${w - 4}" stroke="#fff" stroke-width="3" stroke-dasharray="4 5" opacity="0.6"/>
      <ellipse cx="${x + w / 2}" cy="${floor - h * 0.45}" rx="${w * 0.3}" ry="${h * 0.18}" fill="${label}"/>`,
  };
}

function shelf(rng: Rng, y: number): string {
  let x = 90;
  const items: string[] = [];
  while (x < W - 160) {
    const p = product(rng, x, y);
    items.push(p.svg);
    x += p.width + rng.range(6, 16);
  }
  return `${items.join("")}
    <rect x="60" y="${y}" width="${W - 120}" height="26" fill="url(#wood)"/>
    <rect x="60" y="${y + 26}" width="${W - 120}" height="18" fill="#000" opacity="0.12"/>`;
}

function fruitPile(rng: Rng, x: number, top: number, w: number, kind: string): string {
  const colors: Record<string, [string, number]> = {
    naranjas: ["#f28c28", 30],
    limones: ["#7cb342", 24],
    tomates: ["#e53935", 28],
    manzanas: ["#c62828", 30],
    aguacates: ["#2e5e2c", 30],
  };
  if (kind === "bananas") {
    return Array.from({ length: 7 }, (_, i) => {
      const bx = x + 30 + i * ((w - 80) / 6);
      return `<path d="M${bx} ${top - 10} q${30} -${70 + rng.range(0, 20)} ${80} -${60}" stroke="#f4c430" stroke-width="26" fill="none" stroke-linecap="round"/>
        <path d="M${bx} ${top - 10} q${30} -${70} ${80} -${60}" stroke="#d9a516" stroke-width="4" fill="none" opacity="0.6"/>`;
    }).join("");
  }
  const [color, r] = colors[kind] ?? ["#f28c28", 30];
  const out: string[] = [];
  for (let row = 0; row < 3; row++) {
    const count = Math.floor((w - 40 - row * 2 * r) / (r * 1.9));
    for (let i = 0; i < count; i++) {
      const cx = x + 20 + r + row * r + i * r * 1.9 + rng.range(-3, 3);
      const cy = top - r * 0.6 - row * r * 1.5 + rng.range(-3, 3);
      out.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/>
        <ellipse cx="${cx - r * 0.35}" cy="${cy - r * 0.4}" rx="${r * 0.3}" ry="${r * 0.2}" fill="#fff" opacity="0.35"/>`);
    }
  }
  return out.join("");
}

function crate(rng: Rng, x: number, y: number, w: number, kind: string): string {
  const h = 170;
  return `${fruitPile(rng, x, y, w, kind)}
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="url(#wood)"/>
    <path d="M${x} ${y + h * 0.35} h${w} M${x} ${y + h * 0.7} h${w}" stroke="#5a3518" stroke-width="6" opacity="0.45"/>
    <rect x="${x + w / 2 - 50}" y="${y + 30}" width="100" height="34" rx="6" fill="#fff8e7"/>
    <rect x="${x + w / 2 - 34}" y="${y + 44}" width="68" height="6" rx="3" fill="#c0392b" opacity="0.7"/>`;
}

function lamp(x: number): string {
  return `<line x1="${x}" y1="0" x2="${x}" y2="150" stroke="#333" stroke-width="4"/>
    <ellipse cx="${x}" cy="240" rx="260" ry="170" fill="url(#glow)"/>
    <path d="M${x - 60} 200 l30 -50 h60 l30 50 z" fill="#1f5c3a"/>
    <ellipse cx="${x}" cy="200" rx="60" ry="10" fill="#fff3c4"/>`;
}

export function marketScene(): string {
  const rng = seeded(7);
  const awning = Array.from(
    { length: 17 },
    (_, i) =>
      `<path d="M${i * 120} 0 h120 v110 a60 30 0 0 1 -120 0 z" fill="${i % 2 ? "#fff7e6" : "#1f7a45"}"/>`,
  ).join("");
  const kinds = ["naranjas", "bananas", "tomates", "limones", "aguacates", "manzanas"];
  const crates = Array.from({ length: 6 }, (_, i) =>
    crate(rng, 20 + i * 318, 870, 300, kinds[i] ?? "naranjas"),
  );
  return svg(
    W,
    H,
    `<defs>
      <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8e9cc"/><stop offset="1" stop-color="#e9cf9f"/></linearGradient>
      <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b0743f"/><stop offset="1" stop-color="#7a4a26"/></linearGradient>
      <radialGradient id="glow"><stop offset="0" stop-color="#fff1c1" stop-opacity="0.75"/><stop offset="1" stop-color="#fff1c1" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#wall)"/>
    <rect x="40" y="150" width="${W - 80}" height="700" rx="10" fill="#6d4a2f" opacity="0.18"/>
    ${shelf(rng, 390)}${shelf(rng, 600)}${shelf(rng, 810)}
    ${lamp(380)}${lamp(960)}${lamp(1540)}
    ${awning}
    <rect y="1030" width="${W}" height="50" fill="#8c6b4f"/>
    ${crates.join("")}`,
  );
}
