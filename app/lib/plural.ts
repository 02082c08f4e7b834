/**
 * A count with its noun in Spanish: `plural(1, "imagen subida", "imágenes subidas")` is
 * '1 imagen subida', `plural(2, …)` '2 imágenes subidas', '20.500 registros' (and 0 takes the plural: '0 imágenes
 * subidas'). The one way to word a count; the caller gives both forms, since Spanish plurals
 * (and the adjectives and verbs that agree with them) cannot be derived reliably.
 */
export function plural(n: number, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${n.toLocaleString("es")} ${many}`;
}
