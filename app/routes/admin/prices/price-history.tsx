import { History, RotateCcw } from "lucide-react";
import { useState } from "react";
import { href, useFetcher, useRouteLoaderData } from "react-router";
import { ChangeList } from "~/components/staff/change-list";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { formatDateTime } from "~/lib/dates";
import { type FormReply, useReplyMessage } from "~/lib/forms";
import { PRICES_INTENT } from "~/lib/price-forms";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/route";

type Change = Route.ComponentProps["loaderData"]["changes"][number];

/** The last saves of the price list: who, when, what changed; an earlier version can be restored. */
export function PriceHistory({ changes }: { changes: Change[] }) {
  const tz = useRouteLoaderData<typeof rootLoader>("root")?.timeZone;
  const fetcher = useFetcher<FormReply>();
  useReplyMessage(fetcher.data);
  const [restoring, setRestoring] = useState<Change | null>(null);
  return (
    <Card className="h-fit p-5">
      <h2 className="flex items-center gap-2 font-semibold">
        <History aria-hidden="true" className="size-5 text-primary" />
        Historial de precios
      </h2>
      {changes.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">
          Aún no hay cambios: el sitio usa los precios de siempre.
        </p>
      ) : (
        <ol className="mt-3 grid gap-2">
          {changes.map((c) => (
            <li key={c.id} className="grid gap-2 rounded-lg border p-3 text-sm">
              <div className="flex items-start gap-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{c.changedBy ?? "Cuenta eliminada"}</p>
                  <p className="mt-1 text-xs text-muted-foreground">{formatDateTime(c.changedAt, tz)}</p>
                </div>
                {c.restorable ? (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={fetcher.state !== "idle"}
                    onClick={() => setRestoring(c)}
                    aria-label={`Restaurar los precios del ${formatDateTime(c.changedAt, tz)}`}
                  >
                    <RotateCcw aria-hidden="true" />
                    Restaurar
                  </Button>
                ) : (
                  <span className="text-xs font-medium text-primary">Actual</span>
                )}
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
        title="¿Restaurar esta versión de los precios?"
        description="Los precios actuales se reemplazan por los de esa versión; quedan en este historial por si quieres volver a ellos."
        confirmLabel="Restaurar"
        onConfirm={() =>
          restoring &&
          fetcher.submit(
            { intent: PRICES_INTENT.restore, changeId: restoring.id },
            { method: "post", action: href("/admin/precios") },
          )
        }
      />
    </Card>
  );
}
