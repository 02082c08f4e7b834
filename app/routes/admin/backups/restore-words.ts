import { formatDateTime } from "~/lib/dates";
import { plural } from "~/lib/plural";

/**
 * How 'Restaurar' speaks on 'Copias de seguridad' (browser-safe): its intents, a copy's contents
 * and the outcome of the last restore, in words.
 */

/** The restore's intents (./intents.ts); 'Crear copia ahora' is BACKUP_INTENT.create. */
export const RESTORE_INTENT = { upload: "backup-upload", restore: "backup-restore" } as const;

/** The confirmation step's search parameter: `?restaurar=<copy>`. */
export const CONFIRM_PARAM = "restaurar";

export type BackupCounts = { orders: number; products: number; conversations: number; files: number };

/** '55 pedidos, 120 productos, 300 conversaciones y 42 fotos'. */
export function contentsInWords(c: BackupCounts): string {
  return [
    `${plural(c.orders, "pedido", "pedidos")}, ${plural(c.products, "producto", "productos")},`,
    `${plural(c.conversations, "conversación", "conversaciones")} y ${plural(c.files, "foto", "fotos")}`,
  ].join(" ");
}

/** 'la copia del 05 mar 2026, 14:30' (the list's own date), or 'la copia' without a date. */
export function copyOf(createdAt: string, timeZone?: string): string {
  const when = formatDateTime(createdAt, timeZone);
  return when ? `la copia del ${when}` : "la copia";
}

export type RestoreOutcomeView = { ok: boolean; createdAt: string; error: string | null };

/** 'Copia del … restaurada.' / 'No se pudo restaurar la copia del …: <reason>. Tus datos siguen como estaban.' */
export function outcomeInWords(o: RestoreOutcomeView, timeZone?: string): string {
  const copy = copyOf(o.createdAt, timeZone);
  if (o.ok) {
    const when = formatDateTime(o.createdAt, timeZone);
    return when ? `Copia del ${when} restaurada.` : "Copia restaurada.";
  }
  const reason = (o.error ?? "error desconocido").trim().replace(/\.+$/, "");
  return `No se pudo restaurar ${copy}: ${reason}. Tus datos siguen como estaban.`;
}
