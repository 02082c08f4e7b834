import type * as React from "react";
import { useState } from "react";
import { useRouteLoaderData } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { formatDateTime } from "~/lib/dates";
import { variantUrl } from "~/lib/images";
import { notifyError } from "~/lib/toast";
import type { loader as rootLoader } from "~/root";
import type { ContentData } from "./types";

type Entry = ContentData["history"][number];

export type BannerHistoryProps = {
  current: string;
  history: Entry[];
  /** The history could not be read. */
  failed: boolean;
  disabled: boolean;
  onRestore: (historyId: string) => void;
  trigger: React.ReactNode;
};

const HISTORY_FAILED = "No se pudo cargar el historial de imágenes.";

/** 'Ver Historial (Últimas 5)': the last banners with their dates; 'Restaurar' asks first. */
export function BannerHistory({
  current,
  history,
  failed,
  disabled,
  onRestore,
  trigger,
}: BannerHistoryProps) {
  const tz = useRouteLoaderData<typeof rootLoader>("root")?.timeZone;
  const [open, setOpen] = useState(false);
  const [restoring, setRestoring] = useState<Entry | null>(null);
  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (o && failed) notifyError(HISTORY_FAILED);
        }}
      >
        <DialogTrigger asChild>{trigger}</DialogTrigger>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Historial del Banner</DialogTitle>
            <DialogDescription>Los últimos 5 banners subidos.</DialogDescription>
          </DialogHeader>
          {failed ? (
            <p className="text-sm text-destructive">{HISTORY_FAILED}</p>
          ) : history.length === 0 ? (
            <p className="text-sm text-muted-foreground">Aún no se ha subido ningún banner.</p>
          ) : (
            <ul className="grid gap-3">
              {history.map((h) => (
                <li
                  key={h.id}
                  className="flex flex-col gap-3 rounded-xl border p-3 sm:flex-row sm:items-center"
                >
                  <img
                    src={variantUrl(h.imageUrl, 640)}
                    alt={`Banner subido el ${formatDateTime(h.createdAt, tz)}`}
                    loading="lazy"
                    className="aspect-video w-full rounded-lg bg-muted object-cover sm:w-40"
                  />
                  <div className="min-w-0 flex-1 text-sm">
                    <p>
                      <span className="font-medium">Subido:</span> {formatDateTime(h.createdAt, tz)}
                      {h.uploadedBy ? ` por ${h.uploadedBy}` : ""}
                    </p>
                    <p className="text-muted-foreground">
                      <span className="font-medium">Restaurado:</span>{" "}
                      {h.restoredAt ? formatDateTime(h.restoredAt, tz) : "Nunca"}
                    </p>
                  </div>
                  {h.imageUrl === current ? (
                    <Badge variant="secondary" className="w-fit">
                      En uso
                    </Badge>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      className="w-fit"
                      disabled={disabled}
                      onClick={() => setRestoring(h)}
                      aria-label={`Restaurar el banner subido el ${formatDateTime(h.createdAt, tz)}`}
                    >
                      Restaurar
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(o) => !o && setRestoring(null)}
        title="¿Restaurar este banner?"
        description="La imagen actual pasará al historial y esta volverá a mostrarse en la portada."
        confirmLabel="Restaurar"
        onConfirm={() => {
          if (!restoring) return;
          onRestore(restoring.id);
          setOpen(false);
        }}
      />
    </>
  );
}
