import { BellRing, UserRoundCheck } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { AGENT_STATUS_LABELS } from "~/lib/chat";
import { CHAT_URLS, INBOX_INTENTS } from "~/lib/chat-api";
import { formatDateTime } from "~/lib/dates";
import { useReplyMessage } from "~/lib/forms";
import { AgentAvatar } from "./agent-avatar";
import type { Agent, ChatActionData, Conversation } from "./types";

/**
 * 'Asignación de Conversación' (docs/product.md §3.3): the assigned agent, or 'Asignarme' (one
 * tap) and a picker of agents with their state.
 */
export function AssignmentPanel({
  conv,
  agents,
  me,
  timeZone,
  canManage,
}: {
  conv: Conversation | null;
  agents: Agent[] | null;
  me: Agent | null;
  timeZone?: string;
  canManage: boolean;
}) {
  const fetcher = useFetcher<ChatActionData>();
  useReplyMessage(fetcher.data);
  const a = conv?.assignment ?? null;
  const agent = a ? agents?.find((x) => x.id === a.agentId) : null;
  const busy = !canManage || fetcher.state !== "idle";
  const post = (fields: Record<string, string>) =>
    conv &&
    fetcher.submit({ ...fields, clientId: conv.clientId }, { method: "post", action: CHAT_URLS.inbox });

  return (
    <section aria-labelledby="assignment-title" className="space-y-3 p-4">
      <h2 id="assignment-title" className="font-heading text-base font-semibold">
        Asignación de Conversación
      </h2>
      {!conv ? (
        <p className="text-sm text-muted-foreground">
          Selecciona una conversación para gestionar asignaciones
        </p>
      ) : a ? (
        <div className="space-y-3 rounded-xl border bg-card p-3">
          <div className="flex items-center gap-3">
            <AgentAvatar name={a.agentName} avatarUrl={a.avatarUrl} status={agent?.presence} />
            <div className="min-w-0">
              <p className="truncate font-medium">{a.agentName}</p>
              <p className="text-xs text-muted-foreground">
                Asignado el {formatDateTime(a.assignedAt, timeZone)}
              </p>
            </div>
          </div>
          <div className="flex gap-2">
            {me && a.agentId !== me.id ? (
              <Button
                size="sm"
                className="flex-1"
                disabled={busy}
                onClick={() => post({ intent: INBOX_INTENTS.assignMe })}
              >
                <UserRoundCheck aria-hidden="true" /> Asignarme
              </Button>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              className="flex-1"
              disabled={busy}
              onClick={() => post({ intent: INBOX_INTENTS.unassign })}
            >
              Desasignar
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-muted-foreground">Esta conversación no está asignada a ningún agente</p>
          <Button
            size="sm"
            className="w-full"
            disabled={busy || !me}
            onClick={() => post({ intent: INBOX_INTENTS.assignMe })}
          >
            <UserRoundCheck aria-hidden="true" /> Asignarme
          </Button>
          <NativeSelect
            aria-label="Asignar a un agente..."
            value=""
            disabled={busy || !agents?.length}
            onChange={(e) =>
              e.target.value && post({ intent: INBOX_INTENTS.assign, agentId: e.target.value })
            }
          >
            <option value="">Asignar a un agente...</option>
            {(agents ?? []).map((ag) => (
              <option key={ag.id} value={ag.id}>
                {ag.name} — {AGENT_STATUS_LABELS[ag.presence]}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      <p className="flex gap-2 rounded-lg bg-muted p-3 text-xs text-muted-foreground">
        <BellRing aria-hidden="true" className="size-4 shrink-0" />
        Los agentes asignados reciben notificaciones prioritarias de los mensajes nuevos.
      </p>
    </section>
  );
}
