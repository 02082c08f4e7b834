import { href, useFetcher } from "react-router";
import { ChangeHistory } from "~/components/staff/change-history";
import { type FormReply, useReplyMessage } from "~/lib/forms";
import { PRICES_INTENT } from "~/lib/price-forms";
import type { Route } from "./+types/route";

type Change = Route.ComponentProps["loaderData"]["changes"][number];

/** The last saves of the price list: who, when, what changed; an earlier version can be restored. */
export function PriceHistory({ changes }: { changes: Change[] }) {
  const fetcher = useFetcher<FormReply>();
  useReplyMessage(fetcher.data);
  return (
    <ChangeHistory
      level={2}
      title="Historial de precios"
      empty="Aún no hay cambios: el sitio usa los precios de siempre."
      entries={changes}
      notRestorable={() => <span className="text-xs font-medium text-primary">Actual</span>}
      restoreLabel={(_c, when) => `Restaurar los precios del ${when}`}
      confirm={() => ({
        title: "¿Restaurar esta versión de los precios?",
        description:
          "Los precios actuales se reemplazan por los de esa versión; quedan en este historial por si quieres volver a ellos.",
      })}
      onRestore={(c) =>
        fetcher.submit(
          { intent: PRICES_INTENT.restore, changeId: c.id },
          { method: "post", action: href("/admin/precios") },
        )
      }
      busy={fetcher.state !== "idle"}
    />
  );
}
