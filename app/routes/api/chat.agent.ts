import { agentFor, heartbeat, leave, updateAgentStatus } from "~/.server/chat/agents";
import { signalStaffTyping } from "~/.server/chat/staff";
import type { DomainError } from "~/.server/errors";
import { requireStaff } from "~/.server/http/guards";
import { dispatchIntent, readForm, staffIntentsWith } from "~/.server/http/intents";
import { chatRefusal } from "~/lib/chat";
import { AGENT_INTENTS } from "~/lib/chat-api";
import { heartbeatSchema, leaveSchema, statusSwitchSchema, typingSchema } from "~/lib/chat-forms";
import type { Route } from "./+types/chat.agent";

const intent = staffIntentsWith<string>();

/**
 * POST /api/chat/agent — every staff page's background calls, kept off the pages' actions so
 * they never trigger a reload: heartbeat (presence, with how long the person has been idle),
 * leave (tab closing), typing (a live signal to the visitor), status (the header's switch).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(request, context);
  const { db, bus, logger } = context.services;
  const deps = { db, bus };
  const agent = () => agentFor(deps, user);
  const failed = (e: DomainError | null) => (e && chatRefusal(e)) ?? "No se pudo actualizar el estado.";
  return dispatchIntent<string>(
    await readForm(request),
    {
      [AGENT_INTENTS.heartbeat]: intent({
        permission: "chat:reply",
        schema: heartbeatSchema,
        run: async ({ idle }) => heartbeat(deps, (await agent()).id, new Date(), idle * 1000),
        done: () => null,
        failed,
      }),
      [AGENT_INTENTS.leave]: intent({
        permission: "chat:reply",
        schema: leaveSchema,
        run: async () => leave(deps, (await agent()).id),
        done: () => null,
        failed,
      }),
      [AGENT_INTENTS.typing]: intent({
        permission: "chat:reply",
        schema: typingSchema,
        run: async ({ clientId, typing }) =>
          signalStaffTyping(deps, clientId, typing ? (await agent()).name : null),
        done: () => null,
        failed,
      }),
      [AGENT_INTENTS.status]: intent({
        permission: "chat:reply",
        schema: statusSwitchSchema,
        run: async ({ status }) => updateAgentStatus(deps, (await agent()).id, { status }),
        done: () => null,
        failed,
      }),
    },
    { logger, unknownIntent: "Acción desconocida.", user, forbidden: "No tienes permiso para esta acción." },
  );
}
