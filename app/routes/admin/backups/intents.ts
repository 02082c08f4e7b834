import { z } from "zod";
import type { Actor } from "~/.server/audit/audit";
import type { BackupService } from "~/.server/backup/service";
import { type StaffIntentTable, staffIntentsWith } from "~/.server/http/intents";
import { BACKUP_INTENT } from "~/lib/backups";
import { errorToast, type ToastMessage } from "~/lib/toast";

const intent = staffIntentsWith<ToastMessage>();

/** /admin/backups' one intent: 'Crear copia ahora' (admin only). */
export function backupIntents(backups: BackupService, actor: Actor): StaffIntentTable<ToastMessage> {
  return {
    [BACKUP_INTENT.create]: intent({
      permission: "backups:manage",
      schema: z.object({}),
      run: () => backups.startNow(actor),
      done: () => ({ title: "Copia en curso", description: "La lista muestra su avance." }),
      failed: (error) =>
        error?.reason === "backup-running"
          ? errorToast("Ya hay una copia en curso: espera a que termine.")
          : errorToast("No se pudo empezar la copia."),
    }),
  };
}
