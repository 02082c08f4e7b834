import { href, useFetcher } from "react-router";
import { ChangeHistory } from "~/components/staff/change-history";
import { Badge } from "~/components/ui/badge";
import { TEXTS_INTENT } from "~/lib/content-forms";
import { useReplyMessage } from "~/lib/forms";
import type { ActionData, ContentChangeView } from "./types";

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
  const fetcher = useFetcher<ActionData>();
  useReplyMessage(fetcher.data);
  return (
    <ChangeHistory
      title="Historial de cambios"
      level={2}
      empty="Aún no hay cambios guardados."
      entries={changes}
      badge={(c) => (
        <Badge variant={c.kind === "text" ? "default" : "secondary"}>{KIND_LABELS[c.kind]}</Badge>
      )}
      restoreLabel={(c, when) => `Restaurar ${KIND_LABELS[c.kind].toLowerCase()} del ${when}`}
      confirm={(c) => RESTORE_TEXTS[c.kind]}
      onRestore={(c) =>
        fetcher.submit(
          { intent: TEXTS_INTENT.restore, changeId: c.id },
          { method: "post", action: href("/admin/textos") },
        )
      }
      busy={fetcher.state !== "idle"}
    />
  );
}
