import { History, RotateCcw } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { ChangeLine } from "~/lib/change-labels";
import { formatDateTime } from "~/lib/dates";
import type { loader as rootLoader } from "~/root";
import { ChangeList } from "./change-list";

/** One saved version as a history shows it: who, when, what changed, and whether it can come back. */
export type HistoryEntry = {
  id: string;
  changedAt: string;
  /** The staff member's name, or null when their account was removed. */
  changedBy: string | null;
  lines: ChangeLine[];
  restorable: boolean;
};

export type ChangeHistoryProps<E extends HistoryEntry> = {
  title: string;
  /** The title's level in its page (3 inside a panel tab, 2 on a screen of its own). */
  level?: 2 | 3;
  /** Said while nothing was saved yet. */
  empty: string;
  entries: E[];
  /** Shown before the author's name (e.g. what kind of setting the version is). */
  badge?: (entry: E) => React.ReactNode;
  /** Shown instead of 'Restaurar' on a version that cannot come back (e.g. 'Actual'). */
  notRestorable?: (entry: E) => React.ReactNode;
  /** The 'Restaurar' button's accessible name, with the version's date as people read it. */
  restoreLabel: (entry: E, when: string) => string;
  /** The confirmation's question and what restoring does. */
  confirm: (entry: E) => { title: string; description: string };
  onRestore: (entry: E) => void;
  /** While a restore is on its way. */
  busy: boolean;
};

/**
 * The last saves of a setting (texts and appearance of 'Textos', the price list of 'Precios'):
 * who saved each, when, what it changed in the owner's words, and a confirmed 'Restaurar' for
 * earlier versions.
 */
export function ChangeHistory<E extends HistoryEntry>(p: ChangeHistoryProps<E>) {
  const tz = useRouteLoaderData<typeof rootLoader>("root")?.timeZone;
  const [restoring, setRestoring] = useState<E | null>(null);
  const confirm = restoring ? p.confirm(restoring) : { title: "", description: "" };
  const Heading = p.level === 2 ? "h2" : "h3";
  return (
    <Card className="h-fit p-5">
      <Heading className="flex items-center gap-2 font-semibold">
        <History aria-hidden="true" className="size-5 text-primary" />
        {p.title}
      </Heading>
      {p.entries.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{p.empty}</p>
      ) : (
        <ol className="mt-3 grid gap-2">
          {p.entries.map((e) => {
            const when = formatDateTime(e.changedAt, tz);
            return (
              <li key={e.id} className="grid gap-2 rounded-lg border p-3 text-sm">
                <div className="flex items-start gap-3">
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2">
                      {p.badge?.(e)}
                      <span className="truncate font-medium">{e.changedBy ?? "Cuenta eliminada"}</span>
                    </p>
                    <p className="mt-1 text-xs text-muted-foreground">{when}</p>
                  </div>
                  {e.restorable ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={p.busy}
                      onClick={() => setRestoring(e)}
                      aria-label={p.restoreLabel(e, when)}
                    >
                      <RotateCcw aria-hidden="true" />
                      Restaurar
                    </Button>
                  ) : (
                    p.notRestorable?.(e)
                  )}
                </div>
                {e.lines.length > 0 ? (
                  <ChangeList lines={e.lines} />
                ) : (
                  <p className="text-xs text-muted-foreground">Se guardó sin cambios.</p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(o) => !o && setRestoring(null)}
        title={confirm.title}
        description={confirm.description}
        confirmLabel="Restaurar"
        onConfirm={() => restoring && p.onRestore(restoring)}
      />
    </Card>
  );
}
