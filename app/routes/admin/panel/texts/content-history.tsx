import { History, RotateCcw } from "lucide-react";
import { useState } from "react";
import { href, useFetcher, useRouteLoaderData } from "react-router";
import { ChangeList } from "~/components/staff/change-list";
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

const RESTORE_TEXTS: Record<ContentChangeView["kind"], { title: string; description: string }> = {
  text: {
    title: "¿Restaurar esta versión de los textos?",
    description:
      "Los textos actuales se reemplazan por los de esa versión; quedan en este historial por si quieres volver a ellos.",
  },
  settings: {
    title: "¿Restaurar esta versión de la apariencia?",
    description:
      "Los colores, la fuente y el logo vuelven a ser los de esa versión; los actuales quedan en este historial.",
  },
  banner: {
    title: "¿Restaurar este banner?",
    description: "La imagen actual pasará al historial.",
  },
};

/**
 * The last changes to texts, appearance and banner: who, when and what changed (before → after,
 * in the owner's words); earlier versions can be restored.
 */
export function ContentHistory({ changes }: { changes: ContentChangeView[] }) {
  const tz = useRouteLoaderData<typeof rootLoader>("root")?.timeZone;
  const fetcher = useFetcher<PanelActionData>();
  useReplyMessage(fetcher.data);
  const [restoring, setRestoring] = useState<ContentChangeView | null>(null);
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
            <li key={c.id} className="grid gap-2 rounded-lg border p-3 text-sm">
              <div className="flex items-start gap-3">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <Badge variant={c.kind === "text" ? "default" : "secondary"}>{KIND_LABELS[c.kind]}</Badge>
                    <span className="truncate font-medium">{c.changedBy ?? "Cuenta eliminada"}</span>
                  </p>
                  <p className="mt-1 text-xs text-muted-foreground">{formatDateTime(c.changedAt, tz)}</p>
                </div>
                {c.restorable ? (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={fetcher.state !== "idle"}
                    onClick={() => setRestoring(c)}
                    aria-label={`Restaurar ${KIND_LABELS[c.kind].toLowerCase()} del ${formatDateTime(c.changedAt, tz)}`}
                  >
                    <RotateCcw aria-hidden="true" />
                    Restaurar
                  </Button>
                ) : null}
              </div>
              {c.lines.length > 0 ? (
                <ChangeList lines={c.lines} />
              ) : (
                <p className="text-xs text-muted-foreground">Se guardó sin cambios.</p>
              )}
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(o) => !o && setRestoring(null)}
        title={RESTORE_TEXTS[restoring?.kind ?? "text"].title}
        description={RESTORE_TEXTS[restoring?.kind ?? "text"].description}
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
