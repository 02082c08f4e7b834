/**
 * How 'Copias de seguridad' names things (browser-safe): kinds, phases and sizes of backups.
 */

/** The intents of /admin/backups (app/routes/admin/backups/intents.ts). */
export const BACKUP_INTENT = { create: "backup-create" } as const;

export const BACKUP_KIND_LABELS: Record<string, string> = {
  scheduled: "Diaria",
  manual: "Manual",
  command: "Línea de comandos",
  "pre-migration": "Antes de actualizar",
};

export const BACKUP_PHASE_LABELS: Record<string, string> = {
  database: "Copiando la base de datos",
  files: "Copiando las imágenes",
  archive: "Cerrando el archivo",
  offsite: "Enviando la copia externa",
};

/** '812 KB', '12,4 MB', '1,2 GB'. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return "—";
  const units = ["B", "KB", "MB", "GB"];
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toLocaleString("es", { maximumFractionDigits: u >= 2 ? 1 : 0 })} ${units[u]}`;
}
