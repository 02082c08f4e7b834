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
 * tap); and always the picker of agents with their state, 'Reasignar a…' under the assigned
 * agent: choosing another agent reassigns in one step (issue 41).
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
  const picker = (
    <AgentPicker
      label={a ? "Reasignar a…" : "Asignar a un agente..."}
      agents={agents}
      current={a?.agentId ?? null}
      disabled={busy}
      onPick={(agentId) => post({ intent: INBOX_INTENTS.assign, agentId })}
    />
  );

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
          {picker}
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
          {picker}
        </div>
      )}
      <p className="flex gap-2 rounded-lg bg-muted p-3 text-xs text-muted-foreground">
        <BellRing aria-hidden="true" className="size-4 shrink-0" />
        Los agentes asignados reciben notificaciones prioritarias de los mensajes nuevos.
      </p>
    </section>
  );
}

/**
 * The agents with their state in words ('Ana — Ocupado'); the one who has the conversation is
 * listed as such and cannot be picked again (choosing them would change nothing).
 */
function AgentPicker({
  label,
  agents,
  current,
  disabled,
  onPick,
}: {
  label: string;
  agents: Agent[] | null;
  current: string | null;
  disabled: boolean;
  onPick: (agentId: string) => void;
}) {
  const others = (agents ?? []).filter((ag) => ag.id !== current);
  return (
    <NativeSelect
      aria-label={label}
      value=""
      disabled={disabled || others.length === 0}
      onChange={(e) => e.target.value && e.target.value !== current && onPick(e.target.value)}
    >
      <option value="">{label}</option>
      {(agents ?? []).map((ag) => (
        <option key={ag.id} value={ag.id} disabled={ag.id === current}>
          {ag.name} — {AGENT_STATUS_LABELS[ag.presence]}
          {ag.id === current ? " (asignado)" : ""}
        </option>
      ))}
    </NativeSelect>
  );
}
