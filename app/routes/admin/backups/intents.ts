import { redirect } from "react-router";
import { z } from "zod";
import type { Actor } from "~/.server/audit/audit";
import { checkedManifest, UPLOAD_ID_PREFIX } from "~/.server/backup/dashboard-restore";
import type { BackupService } from "~/.server/backup/service";
import {
  discardUpload,
  RESTORE_UPLOAD_MAX_BYTES,
  UPLOAD_FIELD,
  uploadedArchive,
} from "~/.server/backup/upload";
import type { DomainError } from "~/.server/errors";
import { ConflictError, NotFoundError } from "~/.server/errors";
import { type StaffIntentTable, staffIntentsWith } from "~/.server/http/intents";
import { BACKUP_INTENT } from "~/lib/backups";
import { errorToast, type ToastMessage } from "~/lib/toast";
import { CONFIRM_PARAM, RESTORE_INTENT } from "./restore-words";

const intent = staffIntentsWith<ToastMessage>();

const BACKUP_RUNNING = "Ya hay una copia en curso: espera a que termine.";
const RESTORE_RUNNING = "Ya se está restaurando una copia: el sitio se reinicia en un momento.";
const NO_RESTORE_HERE =
  "Con Postgres no se restaura desde aquí: detén el sitio y usa el comando npm run restore.";
const CHOOSE_FILE = "Elige el archivo de la copia (.tar.gz).";

/** The words of a refused upload or restore, for a domain failure (null: an unexpected one). */
function refusal(error: Pick<DomainError, "reason" | "detail"> | null, what: "upload" | "restore"): string {
  switch (error?.reason) {
    case "backup-running":
      return BACKUP_RUNNING;
    case "restore-running":
      return RESTORE_RUNNING;
    case "restore-unavailable":
      return NO_RESTORE_HERE;
    case "backup":
      return "Esa copia no existe o su archivo ya no está en este servidor.";
    case "archive":
      return `${what === "upload" ? "No se puede usar este archivo" : "No se puede restaurar esta copia"}: ${error.detail ?? "no es una copia de este sitio."} No se cambió nada.`;
    case "upload-too-large":
      return `El archivo es demasiado grande (máximo ${RESTORE_UPLOAD_MAX_BYTES / 1024 / 1024} MB).`;
    case "upload-malformed":
      return `No se recibió bien el archivo. ${CHOOSE_FILE}`;
    default:
      return what === "upload"
        ? "No se pudo comprobar el archivo. No se cambió nada."
        : "No se pudo preparar la restauración. No se cambió nada.";
  }
}

/** What a refused upload says before its intent ran (./route.tsx). */
export const uploadRefusal = (reason: string) => refusal({ reason, detail: undefined }, "upload");

/**
 * /admin/backups' intents, all for 'backups:manage' (admins): 'Crear copia ahora'; an uploaded
 * archive checked and handed to the confirmation step; 'Sí, restaurar' (ADR 0029).
 */
export function backupIntents(backups: BackupService, actor: Actor): StaffIntentTable<ToastMessage> {
  const { dataDir } = backups.restore;
  return {
    [BACKUP_INTENT.create]: intent({
      permission: "backups:manage",
      schema: z.object({}),
      run: () => backups.startNow(actor),
      done: () => ({ title: "Copia en curso", description: "La lista muestra su avance." }),
      failed: (error) =>
        error?.reason === "backup-running"
          ? errorToast(BACKUP_RUNNING)
          : error?.reason === "restore-running"
            ? errorToast(RESTORE_RUNNING)
            : errorToast("No se pudo empezar la copia."),
    }),
    [RESTORE_INTENT.upload]: intent({
      permission: "backups:manage",
      // The route's upload reader puts the saved file's token in this field (upload.ts).
      schema: z.object({
        [UPLOAD_FIELD]: z.string({ error: CHOOSE_FILE }).regex(/^[a-f0-9]{32}$/, CHOOSE_FILE),
      }),
      async run(value) {
        const token = value[UPLOAD_FIELD];
        if (!backups.restore.available) throw new ConflictError("restore-unavailable");
        const file = uploadedArchive(dataDir, token);
        if (!file) throw new NotFoundError("backup");
        try {
          await checkedManifest(file);
        } catch (err) {
          discardUpload(dataDir, token);
          throw err;
        }
        return token;
      },
      done: () => null,
      // Checked: on to the confirmation step, which shows its date and contents.
      respond: (token) => redirect(`/admin/backups?${CONFIRM_PARAM}=${UPLOAD_ID_PREFIX}${token}`),
      invalid: (errors) => errorToast(errors[UPLOAD_FIELD]?.[0] ?? CHOOSE_FILE),
      failed: (error) => errorToast(refusal(error, "upload")),
    }),
    [RESTORE_INTENT.restore]: intent({
      permission: "backups:manage",
      schema: z.object({ copia: z.string({ error: "Falta la copia que restaurar." }).min(1).max(80) }),
      run: ({ copia }) => backups.restore.schedule(copia, actor),
      done: () => ({
        title: "Restaurando la copia",
        description: "El sitio se reinicia y vuelve en un momento; luego inicia sesión de nuevo.",
      }),
      extra: (out) => ({ restarting: { createdAt: out.createdAt, safetyFileName: out.safetyFileName } }),
      invalid: () => errorToast("Falta la copia que restaurar."),
      failed: (error) => errorToast(refusal(error, "restore")),
    }),
  };
}
