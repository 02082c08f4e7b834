import { DatabaseBackup, Download, History } from "lucide-react";
import { useEffect } from "react";
import { Link, useActionData, useFetcher, useRevalidator, useRouteLoaderData } from "react-router";
import { StaffPage } from "~/components/staff/staff-page";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { type Column, ResponsiveList } from "~/components/ui/responsive-list";
import { StatusButton } from "~/components/ui/status-button";
import { BACKUP_INTENT, BACKUP_KIND_LABELS, BACKUP_PHASE_LABELS, formatBytes } from "~/lib/backups";
import { formatDateTime } from "~/lib/dates";
import { useReplyMessage } from "~/lib/forms";
import type { loader as rootLoader } from "~/root";
import { Restarting, RestoreConfirm, RestoreFromFile, RestoreNotices } from "./restore-panel";
import { CONFIRM_PARAM } from "./restore-words";
import type { BackupItem, BackupsActionData, BackupsData } from "./types";

/** How often the list is read again while a backup runs (its row carries the progress). */
const POLL_MS = 1000;

function Progress({ b }: { b: BackupItem }) {
  return (
    <div className="grid min-w-40 gap-1">
      <span className="text-xs text-muted-foreground">
        {BACKUP_PHASE_LABELS[b.phase ?? ""] ?? "En curso"}… {b.progress}%
      </span>
      <div
        role="progressbar"
        aria-label={`Progreso de la copia ${b.fileName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={b.progress}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${b.progress}%` }}
        />
      </div>
    </div>
  );
}

function Status({ b }: { b: BackupItem }) {
  if (b.status === "running") return <Progress b={b} />;
  if (b.status === "failed")
    return (
      <span className="grid gap-1">
        <Badge variant="destructive">Fallida</Badge>
        {b.error && <span className="text-xs break-words text-muted-foreground">{b.error}</span>}
      </span>
    );
  return (
    <span className="grid gap-1">
      <Badge variant="secondary">Completa{b.offsite ? " · copia externa" : ""}</Badge>
      {b.error && <span className="text-xs break-words text-destructive">{b.error}</span>}
    </span>
  );
}

const n = (v: number | null) => (v === null ? "—" : v.toLocaleString("es"));

function Contents({ b }: { b: BackupItem }) {
  if (b.status !== "done") return <span className="text-muted-foreground">—</span>;
  return (
    <span className="text-sm">
      {n(b.orders)} pedidos · {n(b.conversations)} conversaciones · {n(b.products)} productos · {n(b.files)}{" "}
      archivos
    </span>
  );
}

function DownloadLink({ b }: { b: BackupItem }) {
  if (b.status !== "done") return null;
  return (
    // A plain link, not the router's: the browser downloads the file.
    <a
      href={`/admin/backups/${b.id}/descargar`}
      download={b.fileName}
      className={buttonVariants({ variant: "outline", size: "sm" })}
      aria-label={`Descargar la copia del ${b.fileName}`}
    >
      <Download aria-hidden="true" />
      Descargar
    </a>
  );
}

/** 'Restaurar': the confirmation step of this copy (a link: it works without JavaScript). */
function RestoreLink({ b, date }: { b: BackupItem; date: string }) {
  if (!b.restorable) return null;
  return (
    <Link
      to={`?${CONFIRM_PARAM}=${b.id}`}
      className={buttonVariants({ variant: "outline", size: "sm" })}
      aria-label={`Restaurar la copia del ${date}`}
    >
      <History aria-hidden="true" />
      Restaurar
    </Link>
  );
}

/**
 * 'Copias de seguridad' (docs/product.md §3.9): every backup with its date, size and contents,
 * 'Crear copia ahora' with its progress, the download, and with the embedded database
 * 'Restaurar' (a listed copy or an uploaded one; ADR 0029). With Postgres restoring stays the
 * command (`npm run restore`), shown on the page.
 */
export function BackupsScreen({ backups, schedule, restore, confirm }: BackupsData) {
  const tz = useRouteLoaderData<typeof rootLoader>("root")?.timeZone;
  const fetcher = useFetcher<BackupsActionData>();
  useReplyMessage(fetcher.data);
  // Without JavaScript the form posts itself and the answer is the page's own (no toast): said
  // above the list, e.g. 'Ya hay una copia en curso' after a second press.
  const page = useActionData<BackupsActionData>();
  const pageMessage = fetcher.data ? null : page?.message;
  const revalidator = useRevalidator();
  const running = backups.some((b) => b.status === "running");
  const starting = fetcher.state !== "idle";

  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(t);
  }, [running, revalidator]);

  const date = (b: BackupItem) => formatDateTime(b.startedAt, tz);
  const kindLabel = (b: BackupItem) =>
    b.beforeRestore ? "Antes de restaurar" : (BACKUP_KIND_LABELS[b.kind] ?? b.kind);
  const actions = (b: BackupItem) => (
    <span className="flex flex-wrap justify-end gap-2">
      <RestoreLink b={b} date={date(b)} />
      <DownloadLink b={b} />
    </span>
  );
  const kind = (b: BackupItem) => (
    <span className="grid">
      <span>{kindLabel(b)}</span>
      {b.actorName && b.kind !== "command" && (
        <span className="text-xs text-muted-foreground">{b.actorName}</span>
      )}
    </span>
  );
  const columns: Column<BackupItem>[] = [
    { header: "Fecha", cell: date, className: "whitespace-nowrap font-medium" },
    { header: "Tipo", cell: kind },
    { header: "Tamaño", cell: (b) => formatBytes(b.sizeBytes), className: "whitespace-nowrap" },
    { header: "Contenido", cell: (b) => <Contents b={b} />, className: "min-w-56" },
    { header: "Estado", cell: (b) => <Status b={b} /> },
    { header: "Acciones", cell: actions, end: true },
  ];
  const card = (b: BackupItem) => (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{date(b)}</span>
        <span className="text-sm text-muted-foreground">
          {kindLabel(b)} · {formatBytes(b.sizeBytes)}
        </span>
      </div>
      <Contents b={b} />
      <Status b={b} />
      <div className="flex flex-wrap gap-2">
        <RestoreLink b={b} date={date(b)} />
        <DownloadLink b={b} />
      </div>
    </div>
  );

  const when =
    schedule.hour === null
      ? "Las copias diarias están desactivadas (BACKUP_HOUR=off)."
      : `Cada día a las ${String(schedule.hour).padStart(2, "0")}:00 se hace una copia; se guardan las ${schedule.keep} más recientes${schedule.offsite ? " y cada una se envía también a la copia externa (S3)" : ""}.`;

  // 'Sí, restaurar' was answered: the site is restarting, nothing else on this page still holds.
  const extra = page?.ok && "extra" in page ? page.extra : undefined;
  const restarting = (extra?.restarting as { createdAt: string } | undefined) ?? null;
  if (restarting)
    return (
      <StaffPage title="Copias de seguridad">
        <Restarting createdAt={restarting.createdAt} timeZone={tz} />
      </StaffPage>
    );

  return (
    <StaffPage
      title="Copias de seguridad"
      description={when}
      actions={
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value={BACKUP_INTENT.create} />
          <StatusButton
            pending={starting || running}
            pendingLabel={starting ? "Empezando..." : "Copia en curso..."}
            disabled={running || starting}
          >
            <DatabaseBackup aria-hidden="true" />
            Crear copia ahora
          </StatusButton>
        </fetcher.Form>
      }
    >
      {pageMessage?.description ? (
        <p
          role={page?.ok ? "status" : "alert"}
          className={cn(
            "mb-4 rounded-lg border p-3 text-sm font-medium",
            page?.ok
              ? "border-primary/30 bg-primary/5"
              : "border-destructive/40 bg-destructive/5 text-destructive",
          )}
        >
          {pageMessage.description}
        </p>
      ) : null}
      <RestoreNotices restore={restore} timeZone={tz} />
      {confirm && <RestoreConfirm key={confirm.id} confirm={confirm} timeZone={tz} />}
      {backups.length === 0 ? (
        <p className="rounded-xl border bg-card p-6 text-muted-foreground">Todavía no hay copias.</p>
      ) : (
        <ResponsiveList rows={backups} rowKey={(b) => b.id} columns={columns} card={card} />
      )}
      <RestoreFromFile restore={restore} />
    </StaffPage>
  );
}
