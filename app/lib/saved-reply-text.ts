import { DEFAULT_CLIENT_NAME } from "./chat";

/**
 * Saved replies' placeholders (issue 41): the words in braces a reply may hold, filled when staff
 * insert it in the reply box — the customer's first name, and the shop's own prices, hours, box
 * sizes and tracking page as the site shows them (the server works those out:
 * app/.server/chat/saved-reply-vars.ts). One function fills them, for the '/' list and the picker
 * alike. Browser-safe.
 */

/** What the shop's own data fills in: every placeholder but the name (the server's answer). */
export type SiteReplyVars = { precios: string; horario: string; cajas: string; seguimiento: string };

/**
 * What a saved reply is filled with. `nombre` is the name staff see for the customer (or none):
 * only its first word goes in, and a generated one ('Visitante 1002', 'Cliente Web') counts as none.
 * A site value that is missing leaves its placeholder as typed.
 */
export type SavedReplyVars = Partial<SiteReplyVars> & { nombre?: string | null };

/** The placeholders the owner may write, with what each becomes, in the words the management screen shows. */
export const SAVED_REPLY_PLACEHOLDERS: readonly { key: keyof SavedReplyVars; help: string }[] = [
  { key: "nombre", help: "el nombre del cliente; si no lo sabemos, se omite" },
  { key: "precios", help: "los precios de envío de la tienda, caja por caja" },
  { key: "horario", help: "el horario de la tienda, con las fechas especiales que vienen" },
  { key: "cajas", help: "los tamaños de caja que tenemos, en pulgadas y centímetros" },
  { key: "seguimiento", help: "el enlace a la página de seguimiento de pedidos" },
];

export const placeholderText = (key: keyof SavedReplyVars) => `{${key}}`;

/** 'Visitante 1042' (app/lib/chat.ts visitorName) and the widget's default name are not names. */
const GENERATED_NAME = /^(visitante(\s+\d+)?|session_\S*)$/i;

/**
 * The first name of a customer's name, capitalised ('rosa pérez' → 'Rosa'); null when there is
 * none, or the name is one the site made up.
 */
export function firstName(name: string | null | undefined): string | null {
  const full = (name ?? "").trim().replace(/\s+/g, " ");
  if (!full || GENERATED_NAME.test(full) || full.toLowerCase() === DEFAULT_CLIENT_NAME.toLowerCase())
    return null;
  const first = (full.split(" ")[0] ?? "").replace(/[.,;:!?]+$/, "");
  if (!/\p{L}/u.test(first)) return null;
  return first.charAt(0).toLocaleUpperCase("es") + first.slice(1);
}

const upper = (s: string | undefined) => (s ?? "").toLocaleUpperCase("es");

/**
 * Without a name the sentence around {nombre} still reads naturally: at the start of a sentence
 * the name and its comma go and the rest starts with a capital ('{nombre}, ¿cómo estás?' → '¿Cómo
 * estás?'); before punctuation it goes with its space or comma ('Hola {nombre}, …' → 'Hola, …';
 * 'Gracias por escribirnos, {nombre}.' → 'Gracias por escribirnos.'); anywhere else only the word.
 */
const NAME_AT_START = /(^|[.!?…][ \t]+)([¡¿«"]?)\{nombre\}[ \t]*[,;:]?[ \t]*([¡¿«"]?)(\p{L}?)/gimu;
const NAME_BEFORE_PUNCTUATION = /[ \t]*[,;]?[ \t]*\{nombre\}(?=[ \t]*(?:[.,;:!?…)]|$))/gimu;
const NAME_ANYWHERE = /[ \t]*\{nombre\}/giu;
const SITE_PLACEHOLDER = /\{(precios|horario|cajas|seguimiento)\}/giu;

/** A saved reply's text as it goes in the reply box; placeholders it does not know stay as typed. */
export function fillSavedReply(body: string, vars: SavedReplyVars = {}): string {
  const name = firstName(vars.nombre);
  const named = name
    ? body.replace(/\{nombre\}/giu, () => name)
    : body
        .replace(NAME_AT_START, (_m, lead: string, open: string, open2: string, letter: string) =>
          [lead, open, open2, upper(letter)].join(""),
        )
        .replace(NAME_BEFORE_PUNCTUATION, "")
        .replace(NAME_ANYWHERE, "");
  return named.replace(SITE_PLACEHOLDER, (typed, key: string) => {
    const value = vars[key.toLowerCase() as keyof SiteReplyVars];
    return typeof value === "string" && value ? value : typed;
  });
}
