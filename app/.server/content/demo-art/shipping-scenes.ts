import { cardboardBox, cloud, person, svg } from "./kit";

const W = 1920;
const H = 1080;

function van(x: number, y: number): string {
  const wheel = (cx: number) =>
    `<circle cx="${cx}" cy="${y}" r="58" fill="#222"/><circle cx="${cx}" cy="${y}" r="26" fill="#bbb"/>`;
  return `<g>
    <ellipse cx="${x + 300}" cy="${y + 50}" rx="340" ry="22" fill="#000" opacity="0.18"/>
    <path d="M${x} ${y - 30} v-280 q0 -20 20 -20 h390 q20 0 30 14 l110 150 q14 20 14 44 v92 z" fill="#ffffff"/>
    <path d="M${x + 430} ${y - 296} l96 132 h-136 v-132 z" fill="#9fd3f0"/>
    <rect x="${x}" y="${y - 150}" width="564" height="42" fill="#1f7a45"/>
    <rect x="${x}" y="${y - 108}" width="564" height="14" fill="#f2b431"/>
    <rect x="${x + 40}" y="${y - 270}" width="110" height="90" rx="12" fill="#1f7a45"/>
    <path d="M${x + 62} ${y - 238} l33 -18 l33 18 v38 l-33 18 l-33 -18 z" fill="#fff"/>
    <rect x="${x + 540}" y="${y - 80}" width="30" height="22" rx="6" fill="#f2b431"/>
    <rect x="${x - 6}" y="${y - 44}" width="580" height="20" rx="8" fill="#555"/>
    ${wheel(x + 120)}${wheel(x + 440)}
  </g>`;
}

/** Gallery hero: parcels stacked at the loading dock, ready to go, and the delivery van. */
export function warehouseScene(): string {
  const boxes = [
    [150, 760, 230, 190, 0],
    [390, 780, 200, 170, 1],
    [600, 800, 170, 150, 2],
    [180, 580, 190, 165, 3],
    [380, 620, 170, 150, 0],
    [250, 430, 160, 140, 1],
  ]
    .map(([x, y, w, h, t]) => cardboardBox(x ?? 0, y ?? 0, w ?? 0, h ?? 0, t ?? 0))
    .join("");
  const worker = person(
    880,
    960,
    1.25,
    { skin: "#c68a62", hair: "#2b1b12", shirt: "#1f7a45", pants: "#2d3e50", hairStyle: "cap" },
    true,
  );
  return svg(
    W,
    H,
    `<defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fd0f2"/><stop offset="1" stop-color="#fdf0d5"/></linearGradient>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <circle cx="1700" cy="170" r="90" fill="#ffd35c"/>
    ${cloud(1180, 170, 1.1)}${cloud(300, 120, 0.8)}
    <rect x="0" y="260" width="1100" height="700" fill="#efe2c8"/>
    <rect x="0" y="230" width="1130" height="50" fill="#1f7a45"/>
    <rect x="80" y="340" width="760" height="620" fill="#5b636b"/>
    ${Array.from({ length: 15 }, (_, i) => `<rect x="80" y="${350 + i * 40}" width="760" height="6" fill="#4a5158"/>`).join("")}
    <rect x="900" y="360" width="150" height="140" rx="8" fill="#9fd3f0" stroke="#fff" stroke-width="10"/>
    <rect y="955" width="${W}" height="125" fill="#8a9199"/>
    <rect y="950" width="${W}" height="14" fill="#c9ced3"/>
    ${Array.from({ length: 8 }, (_, i) => `<rect x="${60 + i * 250}" y="1020" width="120" height="12" fill="#fff" opacity="0.7"/>`).join("")}
    <rect x="130" y="950" width="680" height="20" fill="#a7743f"/>
    ${boxes}
    ${worker}
    ${van(1220, 965)}`,
  );
}

function plane(x: number, y: number): string {
  return `<g transform="translate(${x} ${y}) rotate(-12)">
    <path d="M-60 40 l170 -20 l150 -190 h60 l-70 200 l180 -10 q30 0 30 20 t-30 20 l-180 -10 l70 200 h-60 l-150 -190 l-170 -20z" fill="#e8eef3" transform="translate(120 -30)"/>
    <path d="M-320 -20 q0 -40 60 -40 h560 q90 0 120 40 q-30 40 -120 40 h-560 q-60 0 -60 -40z" fill="#ffffff"/>
    <path d="M-300 -30 l-60 -110 h60 l110 110z" fill="#1f7a45"/>
    <path d="M-320 -20 q0 20 40 28 h580 q70 0 100 -28z" fill="#d9e2ea"/>
    <path d="M380 -36 q24 4 34 16 h-46z" fill="#2f6db5"/>
    ${Array.from({ length: 12 }, (_, i) => `<circle cx="${-180 + i * 42}" cy="-26" r="8" fill="#2f6db5"/>`).join("")}
    <rect x="-300" y="-10" width="640" height="8" fill="#f2b431"/>
    <path d="M40 10 l-150 150 h-60 l80 -150z" fill="#cfd9e2"/>
  </g>`;
}

/** Gallery hero: a cargo plane over the Pacific coast and its volcanoes at sunset. */
export function flightScene(): string {
  return svg(
    W,
    H,
    `<defs>
      <linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#24407a"/><stop offset="0.55" stop-color="#f08a5d"/><stop offset="1" stop-color="#ffd494"/>
      </linearGradient>
      <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b6f8f"/><stop offset="1" stop-color="#163e57"/></linearGradient>
      <radialGradient id="sun"><stop offset="0" stop-color="#fff4c2"/><stop offset="0.35" stop-color="#ffd36b" stop-opacity="0.9"/><stop offset="1" stop-color="#ffd36b" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#dusk)"/>
    <circle cx="1030" cy="610" r="400" fill="url(#sun)"/>
    <circle cx="1030" cy="610" r="90" fill="#fff1b8"/>
    <path d="M0 780 l220 -120 l140 70 l260 -260 l200 200 l120 -40 l260 160 l320 -230 l400 240 v200 h-1920z" fill="#7a4770"/>
    <path d="M0 840 l300 -90 l240 60 l380 -150 l260 120 l300 -60 l440 140 v120 h-1920z" fill="#4a2c55"/>
    <rect y="860" width="${W}" height="220" fill="url(#sea)"/>
    ${Array.from({ length: 9 }, (_, i) => `<rect x="${930 + ((i * 37) % 120)}" y="${880 + i * 20}" width="${200 - i * 12}" height="5" rx="2" fill="#ffd494" opacity="${0.7 - i * 0.06}"/>`).join("")}
    ${cloud(140, 260, 1.2, 0.55)}${cloud(1500, 420, 1.4, 0.5)}${cloud(980, 180, 0.9, 0.45)}
    <path d="M-40 620 q500 -120 860 -240 t520 -130" stroke="#fff" stroke-width="6" stroke-dasharray="22 18" fill="none" opacity="0.8"/>
    ${plane(1430, 300)}
    <path d="M300 420 q12 -12 24 0 q12 -12 24 0 M380 380 q10 -10 20 0 q10 -10 20 0" stroke="#3a2a40" stroke-width="4" fill="none"/>`,
  );
}

function palm(x: number, y: number, s: number): string {
  const fronds = [-150, -110, -70, -30, 10, 50]
    .map(
      (a) =>
        `<path d="M0 0 q${80 * Math.cos((a * Math.PI) / 180)} ${80 * Math.sin((a * Math.PI) / 180) - 30} ${170 * Math.cos((a * Math.PI) / 180)} ${170 * Math.sin((a * Math.PI) / 180) + 40}" stroke="#2f8a45" stroke-width="26" fill="none" stroke-linecap="round"/>`,
    )
    .join("");
  return `<g transform="translate(${x} ${y}) scale(${s})">
    <path d="M0 0 q-30 200 10 420" stroke="#8a5a32" stroke-width="30" fill="none"/>
    <g>${fronds}</g><circle cx="6" cy="10" r="16" fill="#6b4423"/><circle cx="-12" cy="14" r="14" fill="#6b4423"/>
  </g>`;
}

/** Gallery hero: the parcel arrives; a family at their door in Nicaragua, a volcano behind. */
export function familyScene(): string {
  const people = [
    person(
      760,
      930,
      1.3,
      { skin: "#a86b45", hair: "#2b1b12", shirt: "#1f7a45", pants: "#2d3e50", hairStyle: "cap" },
      true,
    ),
    person(1040, 930, 1.3, {
      skin: "#c68a62",
      hair: "#1c1c1c",
      shirt: "#d64933",
      pants: "#4a3b6b",
      hairStyle: "long",
    }),
    person(1190, 930, 0.85, {
      skin: "#c68a62",
      hair: "#3d2616",
      shirt: "#f2b431",
      pants: "#2f6db5",
      hairStyle: "curly",
    }),
    person(1320, 930, 1.25, {
      skin: "#8a5536",
      hair: "#4a4a4a",
      shirt: "#2f6db5",
      pants: "#333",
      hairStyle: "short",
    }),
  ].join("");
  return svg(
    W,
    H,
    `<defs>
      <linearGradient id="day" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7cc6ee"/><stop offset="1" stop-color="#e8f6fb"/></linearGradient>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#day)"/>
    <circle cx="260" cy="180" r="95" fill="#ffd35c"/>
    ${cloud(1350, 150, 0.9)}${cloud(600, 110, 0.7)}
    <path d="M1250 620 l260 -380 q30 -30 60 0 l300 380z" fill="#6d7b8a"/>
    <path d="M1490 250 q30 -30 60 0 l30 40 q-60 20 -120 0z" fill="#eef2f5"/>
    ${cloud(1470, 170, 0.5, 0.7)}
    <path d="M0 700 q300 -120 620 -40 t680 -30 t620 20 v400 h-1920z" fill="#5aa55a"/>
    <path d="M0 800 q400 -90 900 -20 t1020 -10 v310 h-1920z" fill="#479447"/>
    <rect x="200" y="470" width="520" height="460" fill="#3fb0a8"/>
    <path d="M160 480 l300 -170 l300 170z" fill="#c2562f"/>
    ${Array.from({ length: 6 }, (_, i) => `<path d="M${190 + i * 95} 478 l${270 - i * 95 + i * 5} -150" stroke="#a54522" stroke-width="5" opacity="0.5"/>`).join("")}
    <rect x="400" y="650" width="130" height="280" rx="6" fill="#5b3a22"/>
    <rect x="250" y="590" width="110" height="120" fill="#fbe9c6" stroke="#fff" stroke-width="10"/>
    <rect x="570" y="590" width="110" height="120" fill="#fbe9c6" stroke="#fff" stroke-width="10"/>
    <rect x="230" y="590" width="20" height="120" fill="#2f6db5"/><rect x="680" y="590" width="20" height="120" fill="#2f6db5"/>
    ${palm(90, 520, 1)}${palm(1700, 520, 1.1)}
    <path d="M420 930 q200 60 500 150 h-400 q-80 -80 -180 -150z" fill="#d9c08f"/>
    ${Array.from({ length: 14 }, (_, i) => `<circle cx="${60 + i * 135}" cy="${1010 + (i % 3) * 18}" r="11" fill="${["#f25c8a", "#f2b431", "#ffffff"][i % 3]}"/>`).join("")}
    ${people}`,
  );
}
