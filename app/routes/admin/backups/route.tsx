import { data } from "react-router";
import { actorOf } from "~/.server/audit/audit";
import { listBackups } from "~/.server/backup/catalog";
import { PRE_RESTORE } from "~/.server/backup/manifest";
import { discardUpload, isMultipart, receiveUpload } from "~/.server/backup/upload";
import { toDomainError } from "~/.server/errors";
import { requirePermission } from "~/.server/http/guards";
import { BAD_TEXT_MESSAGE, formHasBadText } from "~/.server/http/input-text";
import { dispatchIntent, readForm } from "~/.server/http/intents";
import { pageTitle } from "~/lib/meta";
import { errorToast } from "~/lib/toast";
import type { Route } from "./+types/route";
import { BackupsScreen } from "./backups-screen";
import { backupIntents, uploadRefusal } from "./intents";
import { confirmStep, restorable, restoreState } from "./restore-data";
import { RESTORE_INTENT } from "./restore-words";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Copias de seguridad") },
  { name: "robots", content: "noindex" },
];

/**
 * 'Copias de seguridad' (docs/product.md §3.9): the catalogue, newest first, and the settings;
 * with the embedded database, 'Restaurar' (`?restaurar=<copy>` is its confirmation step, ADR 0029).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "backups:manage");
  const { backups } = context.services;
  const { settings } = backups;
  try {
    const rows = await listBackups(context.services.db);
    return {
      backups: rows.map((r) => ({
        id: r.id,
        fileName: r.fileName,
        kind: r.kind,
        status: r.status,
        phase: r.phase,
        progress: r.progress,
        startedAt: r.startedAt.toISOString(),
        sizeBytes: r.sizeBytes,
        orders: r.summary?.tables["public.orders"] ?? null,
        conversations: r.summary?.tables["public.chat_clients"] ?? null,
        products: r.summary?.tables["public.products"] ?? null,
        files: r.summary?.files ?? null,
        offsite: !!r.s3Key,
        error: r.error,
        actorName: r.actorName,
        beforeRestore: r.summary?.reason === PRE_RESTORE,
        restorable: restorable(backups, r),
      })),
      schedule: { hour: settings.hour, keep: settings.keep, offsite: !!settings.offsite },
      restore: restoreState(backups),
      confirm: await confirmStep(request, backups),
    };
  } catch (err) {
    context.services.logger.error({ err }, "backup list failed");
    throw data(
      { message: "No se pudo cargar la lista de copias: la base de datos no respondió." },
      { status: 503 },
    );
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "backups:manage");
  const { backups, logger } = context.services;
  const { dataDir } = backups.restore;
  let form: FormData;
  let uploaded: string | null = null;
  if (isMultipart(request)) {
    // Only the archive upload is multipart: its file goes to disk as it arrives (upload.ts).
    if (!backups.restore.available) return refused(409, uploadRefusal("restore-unavailable"));
    try {
      const received = await receiveUpload(request, dataDir);
      form = received.form;
      uploaded = received.token;
    } catch (err) {
      const failure = toDomainError(err);
      if (!failure) throw err;
      return refused(failure.status, uploadRefusal(failure.reason));
    }
    if (formHasBadText(form)) {
      if (uploaded) discardUpload(dataDir, uploaded);
      throw data({ message: BAD_TEXT_MESSAGE }, { status: 400 });
    }
  } else form = await readForm(request);
  const reply = await dispatchIntent(form, backupIntents(backups, actorOf(user, context.clientIp)), {
    logger,
    user,
    unknownIntent: errorToast("Acción desconocida."),
    forbidden: errorToast("No tienes permiso para esta acción."),
  });
  // A file that came with another intent is not kept (the upload's own intent keeps it or not).
  if (uploaded && form.get("intent") !== RESTORE_INTENT.upload) discardUpload(dataDir, uploaded);
  return reply;
}

/** An upload refused before its intent ran (too large, not a form, no restore here). */
function refused(status: number, description: string) {
  return data(
    {
      intent: RESTORE_INTENT.upload,
      ok: false,
      result: { status: "error" as const },
      message: errorToast(description),
    },
    { status, headers: { "Cache-Control": "no-store" } },
  );
}

export default function BackupsRoute({ loaderData }: Route.ComponentProps) {
  return <BackupsScreen {...loaderData} />;
}
