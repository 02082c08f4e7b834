import { data } from "react-router";
import { actorOf } from "~/.server/audit/audit";
import { listBackups } from "~/.server/backup/catalog";
import { requirePermission } from "~/.server/http/guards";
import { dispatchIntent, readForm } from "~/.server/http/intents";
import { pageTitle } from "~/lib/meta";
import { errorToast } from "~/lib/toast";
import type { Route } from "./+types/route";
import { BackupsScreen } from "./backups-screen";
import { backupIntents } from "./intents";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Copias de seguridad") },
  { name: "robots", content: "noindex" },
];

/** 'Copias de seguridad' (docs/product.md §3.9): the catalogue, newest first, and the settings. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "backups:manage");
  const { settings } = context.services.backups;
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
      })),
      schedule: { hour: settings.hour, keep: settings.keep, offsite: !!settings.offsite },
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
  const form = await readForm(request);
  const { backups, logger } = context.services;
  return dispatchIntent(form, backupIntents(backups, actorOf(user, context.clientIp)), {
    logger,
    user,
    unknownIntent: errorToast("Acción desconocida."),
    forbidden: errorToast("No tienes permiso para esta acción."),
  });
}

export default function BackupsRoute({ loaderData }: Route.ComponentProps) {
  return <BackupsScreen {...loaderData} />;
}
