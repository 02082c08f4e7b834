/**
 * Product illustrations for the demo shop: 800x800 SVG drawings (no text, so no font is
 * needed) rendered to real images on a first start. Shapes only; colours per product.
 */

type Art = (rand: () => number) => string;

/** Deterministic pseudo-random numbers, so every first start draws the same pictures. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A studio backdrop (soft radial light) and a floor shadow under the object. */
export function frame(light: string, dark: string, body: string, shadowWidth = 250): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<defs>
  <radialGradient id="bg" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></radialGradient>
  <radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  <linearGradient id="gloss" x1="0" x2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.3" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/></linearGradient>
</defs>
<rect width="800" height="800" fill="url(#bg)"/>
<ellipse cx="400" cy="690" rx="${shadowWidth}" ry="38" fill="url(#shadow)"/>
${body}
</svg>`;
}

const coffee: Art = (rand) => {
  const beans = Array.from({ length: 7 }, (_, i) => {
    const x = 150 + i * 85 + rand() * 20;
    const y = 690 + rand() * 40;
    const r = rand() * 360;
    return `<g transform="translate(${x} ${y}) rotate(${r})"><ellipse rx="22" ry="15" fill="#5a3217"/><path d="M-18 0 Q0 -6 18 0" stroke="#2b160a" stroke-width="3" fill="none"/></g>`;
  }).join("");
  return frame(
    "#fbefe0",
    "#e2c29f",
    `<rect x="250" y="215" width="300" height="460" rx="46" fill="#3b2012"/>
<rect x="262" y="230" width="276" height="432" rx="38" fill="#6b3a1e"/>
<rect x="236" y="150" width="328" height="92" rx="20" fill="#c8202f"/><rect x="236" y="214" width="328" height="18" fill="#9c1622"/>
<rect x="262" y="330" width="276" height="220" fill="#f6e7c8"/><rect x="262" y="330" width="276" height="26" fill="#c8202f"/><rect x="262" y="524" width="276" height="26" fill="#c8202f"/>
<circle cx="400" cy="440" r="62" fill="#c8202f"/><ellipse cx="400" cy="440" rx="30" ry="42" fill="#5a3217"/><path d="M400 402 Q385 440 400 478" stroke="#f6e7c8" stroke-width="6" fill="none"/>
<rect x="262" y="230" width="276" height="432" rx="38" fill="url(#gloss)"/>${beans}`,
  );
};

const rosquillas: Art = () => {
  const ring = (x: number, y: number, s: number) =>
    `<g transform="translate(${x} ${y}) scale(${s})"><circle r="92" fill="#d08a3a"/><circle r="92" fill="none" stroke="#a8611f" stroke-width="10"/><circle r="34" fill="#f3e3c3"/><circle r="34" fill="none" stroke="#a8611f" stroke-width="8"/><path d="M-60 -50 Q-20 -80 40 -70" stroke="#f2c27f" stroke-width="12" fill="none" stroke-linecap="round"/></g>`;
  return frame(
    "#fff6e2",
    "#e8cf9c",
    `<ellipse cx="400" cy="520" rx="320" ry="150" fill="#9b6a34"/><ellipse cx="400" cy="505" rx="300" ry="132" fill="#c8975a"/>
<g stroke="#9b6a34" stroke-width="6" opacity="0.55">${Array.from({ length: 9 }, (_, i) => `<path d="M${130 + i * 60} 420 Q${150 + i * 60} 505 ${130 + i * 60} 600" fill="none"/>`).join("")}</g>
${ring(290, 470, 1)}${ring(510, 470, 1)}${ring(400, 400, 1.08)}${ring(330, 560, 0.95)}${ring(480, 565, 0.95)}`,
    330,
  );
};

const beans: Art = (rand) => {
  const dots = Array.from({ length: 260 }, () => {
    const x = 270 + rand() * 260;
    const y = 330 + rand() * 300;
    return `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="17" ry="11" transform="rotate(${(rand() * 180).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})" fill="${rand() > 0.5 ? "#8e1b1b" : "#a52a22"}"/>`;
  }).join("");
  return frame(
    "#f4f7ea",
    "#cfd9b3",
    `<path d="M300 240 L500 240 L560 660 Q400 700 240 660 Z" fill="#f1ece0" opacity="0.55"/>
<clipPath id="bag"><path d="M300 250 L500 250 L556 655 Q400 694 244 655 Z"/></clipPath><g clip-path="url(#bag)">${dots}</g>
<path d="M300 240 L500 240 L560 660 Q400 700 240 660 Z" fill="none" stroke="#d8d1bd" stroke-width="6"/>
<path d="M300 240 Q400 200 500 240 L470 170 Q400 150 330 170 Z" fill="#ece5d3"/><rect x="330" y="200" width="140" height="26" rx="12" fill="#e2b53b"/>
<rect x="300" y="420" width="200" height="120" rx="18" fill="#fffaf0" opacity="0.92"/><circle cx="400" cy="480" r="40" fill="#2f7d3b"/><ellipse cx="400" cy="480" rx="20" ry="13" fill="#8e1b1b"/>
<path d="M300 250 L500 250 L556 655 Q400 694 244 655 Z" fill="url(#gloss)"/>`,
  );
};

const sauce: Art = () =>
  frame(
    "#eef4fb",
    "#b9cde3",
    `<path d="M340 230 L460 230 L470 300 Q540 340 540 420 L540 640 Q540 670 510 670 L290 670 Q260 670 260 640 L260 420 Q260 340 330 300 Z" fill="#7a4a22"/>
<rect x="352" y="150" width="96" height="90" rx="12" fill="#f2f2f2"/><rect x="352" y="150" width="96" height="22" rx="8" fill="#dcdcdc"/>
<rect x="262" y="430" width="276" height="180" fill="#1e4fa3"/><rect x="262" y="430" width="276" height="24" fill="#f2f2f2"/><rect x="262" y="586" width="276" height="24" fill="#f2f2f2"/>
<ellipse cx="400" cy="520" rx="84" ry="50" fill="#f2f2f2"/><ellipse cx="400" cy="520" rx="64" ry="34" fill="#d62839"/>
<path d="M300 330 Q280 420 290 640" stroke="#fff" stroke-opacity="0.3" stroke-width="22" fill="none" stroke-linecap="round"/>`,
    200,
  );

const hammock: Art = () => {
  const colors = ["#d62839", "#f4a259", "#f6d55c", "#3caea3", "#20639b", "#8e44ad", "#d62839", "#f4a259"];
  const stripes = colors
    .map((c, i) => {
      const t = 300 + i * 32;
      return `<path d="M150 ${t - 60} Q400 ${t + 200} 650 ${t - 60}" stroke="${c}" stroke-width="30" fill="none"/>`;
    })
    .join("");
  return frame(
    "#fdf3e4",
    "#e9c9a0",
    `<rect x="90" y="170" width="36" height="520" rx="10" fill="#7b4a26"/><rect x="674" y="170" width="36" height="520" rx="10" fill="#7b4a26"/>
<g stroke="#e7d6b5" stroke-width="4">${Array.from({ length: 8 }, (_, i) => `<line x1="108" y1="210" x2="150" y2="${240 + i * 32}"/><line x1="692" y1="210" x2="650" y2="${240 + i * 32}"/>`).join("")}</g>
${stripes}
<g stroke="#fff" stroke-width="6" stroke-dasharray="2 14" opacity="0.8">${Array.from({ length: 4 }, (_, i) => `<path d="M170 ${560 + i * 14} Q400 ${720 + i * 14} 630 ${560 + i * 14}" fill="none"/>`).join("")}</g>`,
    320,
  );
};

const ceramic: Art = () =>
  frame(
    "#fbf1e6",
    "#dcbfa0",
    `<path d="M330 170 L470 170 L460 230 Q600 300 590 450 Q580 600 470 670 L330 670 Q220 600 210 450 Q200 300 340 230 Z" fill="#b5562b"/>
<rect x="320" y="160" width="160" height="26" rx="10" fill="#8f3f1c"/>
<path d="M228 380 Q400 410 572 380 L582 430 Q400 460 218 430 Z" fill="#1f1a17"/>
<g fill="#f3e6d0">${Array.from({ length: 8 }, (_, i) => `<path d="M${240 + i * 42} 420 l20 -30 l20 30 z"/>`).join("")}</g>
<path d="M215 480 Q400 510 585 480 L578 520 Q400 550 222 520 Z" fill="#e0a458"/>
<g fill="#1f1a17">${Array.from({ length: 7 }, (_, i) => `<circle cx="${262 + i * 46}" cy="${506 + (i % 2) * 6}" r="8"/>`).join("")}</g>
<path d="M260 300 Q230 450 300 620" stroke="#fff" stroke-opacity="0.22" stroke-width="26" fill="none" stroke-linecap="round"/>`,
    230,
  );

const tshirt: Art = () =>
  frame(
    "#eef3fb",
    "#bccbe4",
    `<path d="M300 170 Q400 225 500 170 L640 230 L700 360 L610 400 L590 350 L590 670 L210 670 L210 350 L190 400 L100 360 L160 230 Z" fill="#1f5fbf"/>
<path d="M300 170 Q400 250 500 170 Q400 205 300 170 Z" fill="#174a94"/>
<rect x="210" y="400" width="380" height="90" fill="#f8fafc"/>
<circle cx="400" cy="445" r="34" fill="#1f5fbf"/><path d="M400 422 L422 462 L378 462 Z" fill="#f6d55c"/>
<path d="M240 520 L240 660" stroke="#174a94" stroke-width="6" opacity="0.5"/><path d="M560 520 L560 660" stroke="#174a94" stroke-width="6" opacity="0.5"/>`,
    300,
  );

const sandals: Art = () => {
  const sandal = (x: number, flip: number) =>
    `<g transform="translate(${x} 430) scale(${flip} 1)"><path d="M-70 -220 Q0 -260 60 -210 Q95 -120 80 40 Q70 220 0 240 Q-80 230 -90 60 Q-100 -120 -70 -220 Z" fill="#6b3b1d"/>
<path d="M-58 -200 Q0 -236 50 -192 Q80 -110 66 40 Q58 200 0 218 Q-66 210 -76 60 Q-86 -110 -58 -200 Z" fill="#b9793d"/>
<path d="M-95 -60 Q0 -130 88 -60 L84 -10 Q0 -80 -96 -10 Z" fill="#4a2712"/><path d="M-92 60 Q0 10 84 60 L82 105 Q0 55 -92 105 Z" fill="#4a2712"/>
<circle cx="-70" cy="-35" r="7" fill="#e6c27a"/><circle cx="-70" cy="82" r="7" fill="#e6c27a"/></g>`;
  return frame("#f8efe6", "#d9bfa6", `${sandal(290, 1)}${sandal(510, -1)}`, 300);
};

const parcel: Art = () =>
  frame(
    "#f3f7ef",
    "#c9d8bf",
    `<path d="M200 300 L400 220 L600 300 L600 600 L400 680 L200 600 Z" fill="#c6955a"/><path d="M400 380 L600 300 L600 600 L400 680 Z" fill="#a97a43"/>
<path d="M200 300 L400 380 L600 300 L400 220 Z" fill="#ddb27a"/><path d="M290 264 L490 344 L490 420 L460 408 L460 356 L260 276 Z" fill="#efe3c8"/>`,
  );

/** Which drawing fits which demo product, by a word of its name. */
const BY_KEYWORD: [RegExp, Art][] = [
  [/caf[eé]/i, coffee],
  [/rosquilla/i, rosquillas],
  [/frijol/i, beans],
  [/salsa/i, sauce],
  [/hamaca/i, hammock],
  [/cer[aá]mica|jarr[oó]n/i, ceramic],
  [/camiseta/i, tshirt],
  [/sandalia/i, sandals],
];

/** The SVG drawing for a product name (a parcel for anything unknown). */
export function demoArtFor(name: string, seed = 7): string {
  const art = BY_KEYWORD.find(([re]) => re.test(name))?.[1] ?? parcel;
  return art(seeded(seed));
}
