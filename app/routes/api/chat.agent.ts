import { requirePermission } from "~/.server/auth/guards";
import { agentFor, heartbeat, leave } from "~/.server/chat/agents";
import { setTyping } from "~/.server/chat/staff";
import type { DomainError } from "~/.server/errors";
import { dispatchIntent, intentsWith, readForm } from "~/.server/http/intents";
import { chatRefusal } from "~/lib/chat";
import { AGENT_INTENT, presenceSchema, typingSchema } from "~/lib/chat-forms";
import type { Route } from "./+types/chat.agent";

const intent = intentsWith<string>();

/**
 * POST /api/chat/agent — the inbox tab's background calls, kept off the page's action so they
 * never trigger a reload: intent=heartbeat (presence), leave (tab closing), typing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "chat:reply");
  const { db, bus, logger } = context.services;
  const deps = { db, bus };
  const agent = () => agentFor(deps, user);
  const failed = (e: DomainError | null) => (e && chatRefusal(e)) ?? "No se pudo actualizar el estado.";
  return dispatchIntent<string>(
    await readForm(request),
    {
      [AGENT_INTENT.heartbeat]: intent({
        schema: presenceSchema,
        run: async () => heartbeat(deps, (await agent()).id),
        done: () => null,
        failed,
      }),
      [AGENT_INTENT.leave]: intent({
        schema: presenceSchema,
        run: async () => leave(deps, (await agent()).id),
        done: () => null,
        failed,
      }),
      [AGENT_INTENT.typing]: intent({
        schema: typingSchema,
        run: async ({ clientId, typing }) => setTyping(deps, clientId, typing ? (await agent()).name : null),
        done: () => null,
        failed,
      }),
    },
    { logger, unknownIntent: "Acción desconocida." },
  );
}
