import { cardboardBox, HAIR, hairShape, type PersonStyle, SHIRTS, SKIN, svg } from "./kit";

const S = 600; // drawn at 600 px and stored at the customer profile's 300 px

type Portrait = {
  bg: [string, string];
  skin: string;
  hair: string;
  shirt: string;
  hairStyle: PersonStyle["hairStyle"];
  holds: "box" | "bag" | "boxes";
};

const PORTRAITS: Portrait[] = [
  {
    bg: ["#fde9c8", "#f6c98a"],
    skin: SKIN[1],
    hair: HAIR[0],
    shirt: SHIRTS[1],
    hairStyle: "long",
    holds: "box",
  },
  {
    bg: ["#d8f0de", "#a9dcb6"],
    skin: SKIN[3],
    hair: HAIR[2],
    shirt: SHIRTS[2],
    hairStyle: "short",
    holds: "bag",
  },
  {
    bg: ["#dcecff", "#a9c9f0"],
    skin: SKIN[0],
    hair: HAIR[4],
    shirt: SHIRTS[0],
    hairStyle: "bun",
    holds: "boxes",
  },
  {
    bg: ["#fde2e4", "#f5b3ba"],
    skin: SKIN[4],
    hair: HAIR[1],
    shirt: SHIRTS[3],
    hairStyle: "curly",
    holds: "box",
  },
  {
    bg: ["#efe4fb", "#cdb5ee"],
    skin: SKIN[2],
    hair: HAIR[5],
    shirt: SHIRTS[6],
    hairStyle: "short",
    holds: "box",
  },
  {
    bg: ["#fff3c4", "#f7d56b"],
    skin: SKIN[5],
    hair: HAIR[2],
    shirt: SHIRTS[4],
    hairStyle: "long",
    holds: "bag",
  },
  {
    bg: ["#d9f3f1", "#9fdad4"],
    skin: SKIN[1],
    hair: HAIR[3],
    shirt: SHIRTS[5],
    hairStyle: "cap",
    holds: "boxes",
  },
  {
    bg: ["#ffe6d1", "#f7b98a"],
    skin: SKIN[3],
    hair: HAIR[0],
    shirt: SHIRTS[0],
    hairStyle: "curly",
    holds: "bag",
  },
];

export const CUSTOMER_PORTRAIT_COUNT = PORTRAITS.length;

function groceryBag(x: number, y: number): string {
  return `<g>
    <rect x="${x + 40}" y="${y - 70}" width="22" height="120" rx="8" fill="#f2d9a0" transform="rotate(-14 ${x + 50} ${y})"/>
    <circle cx="${x + 130}" cy="${y - 20}" r="34" fill="#e53935"/>
    <circle cx="${x + 90}" cy="${y - 30}" r="30" fill="#f28c28"/>
    <path d="M${x + 150} ${y - 10} q10 -70 40 -90 q-10 40 0 90z" fill="#43a047"/>
    <path d="M${x} ${y} h220 l-16 190 h-188z" fill="#c8955c"/>
    <path d="M${x} ${y} h220 v24 h-220z" fill="#b07d47"/>
    <circle cx="${x + 110}" cy="${y + 100}" r="34" fill="#1f7a45"/>
    <path d="M${x + 92} ${y + 100} l12 12 l24 -26" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round"/>
  </g>`;
}

/** A smiling customer, shoulders up, holding their parcel or their groceries. */
export function customerPortrait(index: number): string {
  const p = PORTRAITS[index % PORTRAITS.length] as Portrait;
  const cx = S / 2;
  const headY = 230;
  const r = 92;
  const longHair =
    p.hairStyle === "long"
      ? `<rect x="${cx - r * 1.15}" y="${headY - r * 0.3}" width="${r * 0.75}" height="${r * 2.6}" rx="${r * 0.37}" fill="${p.hair}"/>
         <rect x="${cx + r * 0.4}" y="${headY - r * 0.3}" width="${r * 0.75}" height="${r * 2.6}" rx="${r * 0.37}" fill="${p.hair}"/>`
      : "";
  const holding =
    p.holds === "bag"
      ? groceryBag(cx - 110, 420)
      : p.holds === "boxes"
        ? `${cardboardBox(cx - 130, 440, 200, 170, 1)}${cardboardBox(cx - 60, 350, 150, 100, 3)}`
        : cardboardBox(cx - 140, 400, 250, 210, 0);
  return svg(
    S,
    S,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient></defs>
    <rect width="${S}" height="${S}" fill="url(#bg)"/>
    ${Array.from({ length: 6 }, (_, i) => `<rect x="0" y="${60 + i * 110}" width="${S}" height="10" fill="#fff" opacity="0.25"/>`).join("")}
    ${longHair}
    <path d="M${cx - 200} ${S} q0 -230 200 -250 q200 20 200 250z" fill="${p.shirt}"/>
    <rect x="${cx - 34}" y="${headY + 60}" width="68" height="70" rx="20" fill="${p.skin}"/>
    <path d="M${cx - 46} ${headY + 112} q46 40 92 0" stroke="#000" stroke-opacity="0.12" stroke-width="12" fill="none"/>
    <circle cx="${cx}" cy="${headY}" r="${r}" fill="${p.skin}"/>
    <circle cx="${cx - r}" cy="${headY + 8}" r="16" fill="${p.skin}"/><circle cx="${cx + r}" cy="${headY + 8}" r="16" fill="${p.skin}"/>
    ${hairShape(cx, headY, r, p)}
    <path d="M${cx - 48} ${headY - 26} q14 -10 28 0 M${cx + 20} ${headY - 26} q14 -10 28 0" stroke="#2a1a10" stroke-width="6" fill="none" stroke-linecap="round"/>
    <ellipse cx="${cx - 34}" cy="${headY - 2}" rx="8" ry="10" fill="#2a1a10"/><ellipse cx="${cx + 34}" cy="${headY - 2}" rx="8" ry="10" fill="#2a1a10"/>
    <circle cx="${cx - 52}" cy="${headY + 28}" r="14" fill="#e8736b" opacity="0.35"/><circle cx="${cx + 52}" cy="${headY + 28}" r="14" fill="#e8736b" opacity="0.35"/>
    <path d="M${cx - 36} ${headY + 30} q36 38 72 0z" fill="#fff" stroke="#7a2e24" stroke-width="6" stroke-linejoin="round"/>
    ${holding}
    <circle cx="${cx - 150}" cy="${500}" r="30" fill="${p.skin}"/><circle cx="${cx + 135}" cy="${500}" r="30" fill="${p.skin}"/>`,
  );
}
