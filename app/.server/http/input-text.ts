/**
 * Text we refuse at the edge, whatever field or parameter it arrives in: NUL, which PostgreSQL
 * cannot store in text (it used to surface as a 500 and a 'database unavailable' screen), and
 * lone UTF-16 surrogates, which are not text at all and would be stored mangled.
 */
export const BAD_TEXT_MESSAGE =
  "El texto enviado contiene caracteres no válidos (por ejemplo, el carácter nulo). Revísalo e inténtalo de nuevo.";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isBadText(s: string): boolean {
  return s.includes("\u0000") || LONE_SURROGATE.test(s);
}

/** Whether any string in a parsed JSON value (keys included) is bad text. */
export function hasBadText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return isBadText(value);
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((v) => hasBadText(v, depth + 1));
  return Object.entries(value).some(([k, v]) => isBadText(k) || hasBadText(v, depth + 1));
}

/** Whether a form has bad text in a field name, a value or an uploaded file's name. */
export function formHasBadText(form: FormData): boolean {
  for (const [name, value] of form) {
    if (isBadText(name)) return true;
    if (typeof value === "string" ? isBadText(value) : isBadText(value.name)) return true;
  }
  return false;
}

/**
 * Whether a raw request URL carries NUL (`%00`) or a path that cannot be decoded. Query values
 * are decoded leniently (an invalid byte becomes U+FFFD), so NUL is the only one to look for.
 */
export function isBadUrl(url: string): boolean {
  if (/%00/.test(url) || url.includes("\u0000")) return true;
  const q = url.indexOf("?");
  try {
    decodeURIComponent(q === -1 ? url : url.slice(0, q));
    return false;
  } catch {
    return true;
  }
}
