import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useId, useRef } from "react";
import { useFetcher } from "react-router";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { StatusButton } from "~/components/ui/status-button";
import { AGENT_STATUS_LABELS, AGENT_STATUSES, isAgentStatus, RESPONSE_TIMES } from "~/lib/chat";
import { CHAT_URLS, INBOX_INTENTS } from "~/lib/chat-api";
import { agentStatusSchema } from "~/lib/chat-forms";
import { formatDateTime } from "~/lib/dates";
import { useReplyMessage, useZodForm } from "~/lib/forms";
import { useChooseStatus } from "../layout/use-choose-status";
import { AgentAvatar, StatusDot } from "./agent-avatar";
import type { Agent, ChatActionData } from "./types";

/**
 * 'Estado del Agente' (docs/product.md §3.3): the signed-in agent's own status. Its status
 * selector is the header's control in another shape (one intent, one value, saved at once, issue
 * 41); 'Guardar Estado' saves the response time and the status message.
 */
export function AgentStatusCard({ agent, timeZone }: { agent: Agent | null; timeZone?: string }) {
  if (!agent) {
    return (
      <p role="alert" className="p-4 text-sm text-destructive">
        No se pudo cargar la información del agente.
      </p>
    );
  }
  return <AgentStatusForm agent={agent} timeZone={timeZone} />;
}

function AgentStatusForm({ agent, timeZone }: { agent: Agent; timeZone?: string }) {
  const fetcher = useFetcher<ChatActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const statusId = useId();
  useReplyMessage(fetcher.data);
  // The same choice as the header's: whichever is used, both show it (and its saving) at once.
  const chosen = useChooseStatus(agent.status, true);
  // What the team sees: the choice being saved, else the presence (offline with no page open).
  const seen = chosen.saving ? chosen.shown : agent.presence;
  const [form, fields] = useZodForm(agentStatusSchema, {
    id: "agent-status",
    lastResult: fetcher.data?.result,
    defaultValue: {
      estimatedResponseTime: agent.estimatedResponseTime,
      statusMessage: agent.statusMessage ?? "",
    },
  });
  // Choosing a response time saves at once; the message waits for the button.
  const save = () =>
    formRef.current && fetcher.submit(formRef.current, { method: "post", action: CHAT_URLS.inbox });
  const busy = fetcher.state !== "idle";
  return (
    <section
      aria-labelledby="agent-status-title"
      className="m-3 space-y-4 rounded-2xl border bg-card p-4 shadow-sm"
    >
      <h2 id="agent-status-title" className="font-heading text-base font-semibold">
        Estado del Agente
      </h2>
      <div className="flex items-center gap-3">
        <AgentAvatar name={agent.name} avatarUrl={agent.avatarUrl} status={seen} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{agent.name}</p>
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <StatusDot status={seen} /> {AGENT_STATUS_LABELS[seen]}
            {!chosen.saving && agent.status === "away" && agent.autoAway ? " (sin actividad)" : ""}
          </p>
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={statusId}>Estado</Label>
        <NativeSelect
          id={statusId}
          value={chosen.shown}
          onChange={(e) => isAgentStatus(e.target.value) && chosen.choose(e.target.value)}
        >
          {AGENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {AGENT_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <fetcher.Form
        ref={formRef}
        method="post"
        action={CHAT_URLS.inbox}
        {...getFormProps(form)}
        className="space-y-3"
      >
        <input type="hidden" name="intent" value={INBOX_INTENTS.agentStatus} />
        <Field field={fields.estimatedResponseTime} label="Tiempo de respuesta estimado">
          <NativeSelect {...getSelectProps(fields.estimatedResponseTime)} onChange={save} disabled={busy}>
            {RESPONSE_TIMES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field field={fields.statusMessage} label="Mensaje de estado (opcional)">
          <Input
            {...getInputProps(fields.statusMessage, { type: "text" })}
            maxLength={200}
            placeholder="Ej: Atendiendo consultas de envíos a Nicaragua"
          />
        </Field>
        <StatusButton size="sm" className="w-full" pending={busy}>
          Guardar Estado
        </StatusButton>
      </fetcher.Form>
      <p className="text-xs text-muted-foreground">
        Última actividad: {agent.lastSeen ? formatDateTime(agent.lastSeen, timeZone) : "Nunca"}
      </p>
    </section>
  );
}
