import { useRef } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/textarea";
import { AGENT_STATUS_LABELS, AGENT_STATUSES, RESPONSE_TIMES } from "~/lib/chat";
import { formatDateTime } from "~/lib/dates";
import { useActionToast } from "~/lib/use-action-toast";
import type { AgentView } from "~/server/chat/agents";
import type { InboxActionResult } from "~/server/chat/inbox";
import { AgentAvatar, StatusDot } from "./agent-avatar";

/** 'Estado del Agente' (SPEC §2.13, §4.4): the signed-in agent's own status. */
export function AgentStatusCard({ agent, timeZone }: { agent: AgentView | null; timeZone?: string }) {
  const fetcher = useFetcher<InboxActionResult>();
  const form = useRef<HTMLFormElement>(null);
  useActionToast(fetcher.data);
  if (!agent) {
    return (
      <p role="alert" className="p-4 text-sm text-destructive">
        No se pudo cargar la información del agente.
      </p>
    );
  }
  const save = () => form.current && fetcher.submit(form.current, { method: "post", action: "/admin/chat" });
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
      <fetcher.Form ref={form} method="post" action="/admin/chat" className="space-y-3">
        <input type="hidden" name="intent" value="agent-status" />
        <div className="space-y-1.5">
          <Label htmlFor="agent-status">Estado</Label>
          <NativeSelect
            id="agent-status"
            name="status"
            defaultValue={agent.status}
            onChange={save}
            disabled={busy}
          >
            {AGENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {AGENT_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="agent-response">Tiempo de respuesta estimado</Label>
          <NativeSelect
            id="agent-response"
            name="estimatedResponseTime"
            defaultValue={agent.estimatedResponseTime}
            onChange={save}
            disabled={busy}
          >
            {RESPONSE_TIMES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="agent-message">Mensaje de estado (opcional)</Label>
          <Input
            id="agent-message"
            name="statusMessage"
            maxLength={200}
            defaultValue={agent.statusMessage ?? ""}
            placeholder="Ej: Atendiendo consultas de envíos a Nicaragua"
          />
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
