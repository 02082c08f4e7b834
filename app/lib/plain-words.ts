/**
 * What the owner must never read on a staff screen (issue 42, 'Her words everywhere she reads'):
 * internal ids, a country's two-letter code alone, file names, technicians' words and English.
 * One list, used by the tests that render the staff screens and every kind of 'Actividad' entry
 * (app/routes/admin/activity/plain-words.test.tsx). The spec's own strings (SPEC.md) stay as
 * written, even where they hold an English word: they are taken out before the check.
 */

/** The spec's verbatim strings that a staff screen may show although they hold a word listed below. */
export const SPEC_VERBATIM = [
  "Buscar cliente...",
  "Colores del Sitio (HSL)",
  "Imágenes Hero",
  "Buscar por tracking, cliente, teléfono...",
  "Tracking #",
  "Email",
  "N/A",
] as const;

/** Each pattern with what it catches, as a failing test names it. */
export const FORBIDDEN_PATTERNS: readonly { what: string; pattern: RegExp }[] = [
  {
    what: "an internal id (uuid)",
    pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i,
  },
  { what: "a visitor's session id", pattern: /\bsession_[0-9a-z_]+/i },
  { what: "a country code alone", pattern: /\b(US|NI|CR|GT|HN|SV|PA)\b/ },
  {
    what: "a file name",
    pattern: /[\w-]+\.(tar\.gz|tgz|gz|zip|webp|jpe?g|png|gif|avif|svg|csv|json|sql)\b/i,
  },
  { what: "a storage path", pattern: /\/files\/|product-images|site-assets|backups\// },
  { what: "'npm'", pattern: /\bnpm\b/i },
  { what: "'CSV'", pattern: /\bcsv\b/i },
  {
    what: "a technician's error",
    pattern:
      /\bE(NOSPC|ACCES|NOENT|CONNREFUSED|CONNRESET|TIMEDOUT|PERM|EXIST|IO)\b|\b(errno|syscall|stack)\b/i,
  },
  { what: "a raw value", pattern: /\[object Object\]|\bundefined\b|\bnull\b|\bNaN\b/ },
  { what: "a field without its label", pattern: /\bOtro dato\b|\bOtro valor\b/ },
  { what: "a statistician's word", pattern: /\bmediana\b|\bpercentil\b|\bp90\b|\b90 %/i },
  {
    what: "an English word",
    pattern:
      /\b(the|and|of|with|from|to|none|true|false|status|open|resolved|online|offline|away|busy|scheduled|command|backup|session|sessions|file|files|rows|median|download|upload|settings|image|images|key|id|admin|email|role|user|users|failed|pending|done|search|report|reports|not|found|cannot|could|denied|permission|device|space|left|write|read|timeout|connection|refused|is|on)\b/i,
  },
];

/**
 * The forbidden things `text` shows, as '<what>: <the words found>' each; empty when it reads
 * as she speaks. The spec's verbatim strings are taken out first.
 */
export function findJargon(text: string): string[] {
  let rest = text.replace(/\s+/g, " ");
  for (const s of SPEC_VERBATIM) rest = rest.split(s).join(" ");
  const found: string[] = [];
  for (const { what, pattern } of FORBIDDEN_PATTERNS) {
    const global = new RegExp(
      pattern.source,
      pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`,
    );
    for (const m of rest.matchAll(global)) {
      const at = m.index ?? 0;
      found.push(`${what}: '${m[0]}' in '…${rest.slice(Math.max(0, at - 30), at + m[0].length + 30)}…'`);
    }
  }
  return found;
}
