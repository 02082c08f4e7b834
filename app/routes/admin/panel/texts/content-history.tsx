import { History, RotateCcw } from "lucide-react";
import { useState } from "react";
import { href, useFetcher, useRouteLoaderData } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TEXTS_INTENT } from "~/lib/content-forms";
import { formatDateTime } from "~/lib/dates";
import { useReplyMessage } from "~/lib/forms";
import type { loader as rootLoader } from "~/root";
import type { ContentChangeView, PanelActionData } from "../types";

const KIND_LABELS: Record<ContentChangeView["kind"], string> = {
  text: "Textos",
  settings: "Apariencia",
  banner: "Banner",
};

/** The last changes to texts, appearance and banner, with who made them; texts can be restored. */
export function ContentHistory({ changes }: { changes: ContentChangeView[] }) {
  const tz = useRouteLoaderData<typeof rootLoader>("root")?.timeZone;
  const fetcher = useFetcher<PanelActionData>();
  useReplyMessage(fetcher.data);
  const [restoring, setRestoring] = useState<ContentChangeView | null>(null);
  // The newest text version is what the site shows now: nothing to restore there.
  const currentText = changes.find((c) => c.kind === "text")?.id;
  return (
    <Card className="h-fit p-5">
      <h3 className="flex items-center gap-2 font-semibold">
        <History aria-hidden="true" className="size-5 text-primary" />
        Historial de cambios
      </h3>
      {changes.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">Aún no hay cambios guardados.</p>
      ) : (
        <ol className="mt-3 grid gap-2">
          {changes.map((c) => (
            <li key={c.id} className="flex items-center gap-3 rounded-lg border p-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <Badge variant={c.kind === "text" ? "default" : "secondary"}>{KIND_LABELS[c.kind]}</Badge>
                  <span className="truncate font-medium">{c.changedBy ?? "Cuenta eliminada"}</span>
                </p>
                <p className="mt-1 text-xs text-muted-foreground">{formatDateTime(c.changedAt, tz)}</p>
              </div>
              {c.kind === "text" && c.id !== currentText ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={fetcher.state !== "idle"}
                  onClick={() => setRestoring(c)}
                  aria-label={`Restaurar los textos del ${formatDateTime(c.changedAt, tz)}`}
                >
                  <RotateCcw aria-hidden="true" />
                  Restaurar
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(o) => !o && setRestoring(null)}
        title="¿Restaurar esta versión de los textos?"
        description="Los textos actuales se reemplazan por los de esa versión; quedan en este historial por si quieres volver a ellos."
        confirmLabel="Restaurar"
        onConfirm={() =>
          restoring &&
          fetcher.submit(
            { intent: TEXTS_INTENT.restore, changeId: restoring.id },
            { method: "post", action: href("/admin") },
          )
        }
      />
    </Card>
  );
}
