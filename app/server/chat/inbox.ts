import { type ChatMessageView, isClientId } from "../../lib/chat";
import type { ToastMessage } from "../../lib/toast";
import type { StaffUser } from "../auth/sessions";
import type { Logger } from "../logger";
import { type AgentView, agentFor, ensureAgent, listAgents, updateAgentStatus } from "./agents";
import { assignConversation, unassignConversation } from "./assignment";
import { type ChatDeps, ChatError } from "./events";
import { listMessages } from "./messages";
import {
  type ConversationSummary,
  deleteConversation,
  listConversations,
  markRead,
  renameConversation,
  setConversationStatus,
  staffReply,
} from "./staff";

/** The /admin/chat page: what its loader reads and what its action does, per intent. */

export type InboxData = {
  agent: AgentView | null;
  agents: AgentView[] | null;
  conversations: ConversationSummary[] | null;
  selected: string | null;
  messages: ChatMessageView[] | null;
};

export async function loadInbox(
  deps: ChatDeps & { logger: Logger },
  user: StaffUser,
  selected: string | null,
): Promise<InboxData> {
  const soft = <T>(what: string, p: Promise<T>) =>
    p.catch((err) => {
      deps.logger.error({ err }, `chat inbox: ${what} failed`);
      return null;
    });
  const agent = await soft("agent", ensureAgent(deps, user));
  const id = isClientId(selected) ? selected : null;
  const [agents, conversations, messages] = await Promise.all([
    soft("agents", listAgents(deps.db)),
    soft("conversations", listConversations(deps.db)),
    id ? soft("messages", listMessages(deps.db, id, { forVisitor: false })) : Promise.resolve([]),
  ]);
  return { agent, agents, conversations, selected: id, messages };
}

export type InboxActionResult = { ok: boolean; intent: string; at: number; toast?: ToastMessage };

const FAILURES: Record<string, string> = {
  reply: "No se pudo enviar la respuesta.",
  read: "No se pudieron cargar los mensajes.",
  status: "No se pudo actualizar el estado.",
  rename: "No se pudo renombrar la conversación.",
  delete: "No se pudo eliminar la conversación.",
  assign: "No se pudo asignar la conversación",
  unassign: "No se pudo remover la asignación",
  "agent-status": "No se pudo actualizar el estado.",
};

const ok = (intent: string, toast?: ToastMessage): InboxActionResult => ({
  ok: true,
  intent,
  at: Date.now(),
  toast,
});

/** Runs one inbox intent; the caller has already checked the role. Returns the toast to show. */
export async function runInboxAction(
  deps: ChatDeps & { logger: Logger },
  user: StaffUser,
  fields: Record<string, string>,
): Promise<{ status: number; result: InboxActionResult }> {
  const intent = fields.intent ?? "";
  const clientId = fields.clientId ?? "";
  const fail = (status: number, description: string) => ({
    status,
    result: {
      ok: false,
      intent,
      at: Date.now(),
      toast: { title: "Error", description, variant: "destructive" as const },
    },
  });
  if (!(intent in FAILURES)) return fail(400, "Acción desconocida.");
  try {
    switch (intent) {
      case "reply": {
        const agent = await agentFor(deps, user);
        await staffReply(deps, clientId, agent, fields.message ?? "");
        return { status: 200, result: ok(intent) };
      }
      case "read":
        await markRead(deps, clientId);
        return { status: 200, result: ok(intent) };
      case "status": {
        await setConversationStatus(deps, clientId, fields.status);
        const label = fields.status === "resolved" ? "resuelta" : "abierta";
        return {
          status: 200,
          result: ok(intent, { title: "Actualizado", description: `Conversación marcada como ${label}` }),
        };
      }
      case "rename":
        await renameConversation(deps, clientId, fields.name ?? "");
        return {
          status: 200,
          result: ok(intent, { title: "Éxito", description: "Conversación renombrada." }),
        };
      case "delete":
        await deleteConversation(deps, clientId);
        return {
          status: 200,
          result: ok(intent, { title: "Éxito", description: "Conversación eliminada." }),
        };
      case "assign": {
        const a = await assignConversation(deps, clientId, fields.agentId ?? "");
        return {
          status: 200,
          result: ok(intent, { title: "Conversación asignada", description: `Asignada a ${a.agentName}.` }),
        };
      }
      case "unassign":
        await unassignConversation(deps, clientId);
        return {
          status: 200,
          result: ok(intent, {
            title: "Asignación removida",
            description: "La conversación ya no tiene agente.",
          }),
        };
      default: {
        const agent = await agentFor(deps, user);
        await updateAgentStatus(deps, agent.id, fields);
        return {
          status: 200,
          result: ok(intent, { title: "Estado actualizado", description: "Tu estado se guardó." }),
        };
      }
    }
  } catch (err) {
    if (err instanceof ChatError) {
      // Validation messages are shown as they are; other refusals keep the spec's wording.
      return fail(
        err.status,
        err.status === 400 || err.status === 409 ? err.message : (FAILURES[intent] ?? err.message),
      );
    }
    const code =
      (err as { cause?: { code?: string }; code?: string }).cause?.code ?? (err as { code?: string }).code;
    if (code === "22P02" || code === "23503") return fail(400, FAILURES[intent] ?? "Datos inválidos.");
    deps.logger.error({ err, intent }, "chat inbox action failed");
    return fail(500, FAILURES[intent] ?? "Error interno del servidor.");
  }
}
