const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a row id (uuid) — checked before it reaches a query, where garbage is a 22P02. */
export const isUuid = (id: unknown): id is string => typeof id === "string" && UUID_RE.test(id);

/**
 * A random version-4 uuid: the key a form sends so that a retry of the same submission (a second
 * tap, the browser resending after a dropped answer) is recognised and never stored twice. Made
 * from getRandomValues, which, unlike crypto.randomUUID, works on a page served over plain http.
 */
export function newRequestKey(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
