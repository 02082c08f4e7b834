import { z } from "zod";
import type { Actor } from "~/.server/audit/audit";
import type { BackupService } from "~/.server/backup/service";
import { type IntentTable, intentsWith } from "~/.server/http/intents";
import { errorToast, type ToastMessage } from "~/lib/toast";

const intent = intentsWith<ToastMessage>();

/** /admin/backups' one intent: 'Crear copia ahora' (admin only, checked by the route). */
export function backupIntents(backups: BackupService, actor: Actor): IntentTable<ToastMessage> {
  return {
    "backup-create": intent({
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
