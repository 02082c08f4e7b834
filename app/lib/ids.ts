const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a row id (uuid) — checked before it reaches a query, where garbage is a 22P02. */
export const isUuid = (id: unknown): id is string => typeof id === "string" && UUID_RE.test(id);
