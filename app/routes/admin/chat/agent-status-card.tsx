import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useRef } from "react";
import { href, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { AGENT_STATUS_LABELS, AGENT_STATUSES, RESPONSE_TIMES } from "~/lib/chat";
import { agentStatusSchema, CHAT_INTENT } from "~/lib/chat-forms";
import { formatDateTime } from "~/lib/dates";
import { useReplyMessage, useZodForm } from "~/lib/forms";
import { AgentAvatar, StatusDot } from "./agent-avatar";
import type { Agent, ChatActionData } from "./types";

/** 'Estado del Agente' (docs/product.md §3.3): the signed-in agent's own status. */
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
  useReplyMessage(fetcher.data);
  const [form, fields] = useZodForm(agentStatusSchema, {
    id: "agent-status",
    lastResult: fetcher.data?.result,
    defaultValue: {
      status: agent.status,
      estimatedResponseTime: agent.estimatedResponseTime,
      statusMessage: agent.statusMessage ?? "",
    },
  });
  // Choosing a status or a response time saves at once; the message waits for the button.
  const save = () =>
    formRef.current && fetcher.submit(formRef.current, { method: "post", action: href("/admin/chat") });
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
        <AgentAvatar name={agent.name} avatarUrl={agent.avatarUrl} status={agent.presence} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{agent.name}</p>
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <StatusDot status={agent.presence} /> {AGENT_STATUS_LABELS[agent.status]}
          </p>
        </div>
        <Badge variant={agent.isOnline ? "default" : "outline"}>
          {agent.isOnline ? "Activo" : "Inactivo"}
        </Badge>
      </div>
      <fetcher.Form
        ref={formRef}
        method="post"
        action={href("/admin/chat")}
        {...getFormProps(form)}
        className="space-y-3"
      >
        <input type="hidden" name="intent" value={CHAT_INTENT.agentStatus} />
        <div className="space-y-1.5">
          <Label htmlFor={fields.status.id}>Estado</Label>
          <NativeSelect {...getSelectProps(fields.status)} onChange={save} disabled={busy}>
            {AGENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {AGENT_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={fields.estimatedResponseTime.id}>Tiempo de respuesta estimado</Label>
          <NativeSelect {...getSelectProps(fields.estimatedResponseTime)} onChange={save} disabled={busy}>
            {RESPONSE_TIMES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={fields.statusMessage.id}>Mensaje de estado (opcional)</Label>
          <Input
            {...getInputProps(fields.statusMessage, { type: "text" })}
            maxLength={200}
            placeholder="Ej: Atendiendo consultas de envíos a Nicaragua"
          />
          <FieldError id={fields.statusMessage.errorId} errors={fields.statusMessage.errors} />
        </div>
        <Button type="submit" size="sm" className="w-full" disabled={busy}>
          Guardar Estado
        </Button>
      </fetcher.Form>
      <p className="text-xs text-muted-foreground">
        Última actividad: {agent.lastSeen ? formatDateTime(agent.lastSeen, timeZone) : "Nunca"}
      </p>
    </section>
  );
}
