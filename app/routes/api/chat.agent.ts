import { redirect } from "react-router";
import { actorOf } from "~/.server/audit/audit";
import { safeRedirect } from "~/.server/auth/login";
import { agentFor, heartbeat, leave, type OwnStatus, updateAgentStatus } from "~/.server/chat/agents";
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
 * A form posted by the page itself (the header's status menu before its scripts run, or without
 * them), not by a script: it is answered with the page it came from rather than with data.
 */
function fromPage(request: Request): boolean {
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (mode) return mode === "navigate";
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

function backTo(request: Request) {
  const referer = request.headers.get("Referer");
  const url = referer && URL.canParse(referer) ? new URL(referer) : null;
  return redirect(safeRedirect(url ? url.pathname + url.search : null, "/admin"));
}

/** The person's status as their own header shows it (answered to every beat). */
const own = (s: OwnStatus) => ({ status: s.status, autoAway: s.autoAway });

/**
 * POST /api/chat/agent — every staff page's background calls, kept off the pages' actions so
 * they never trigger a reload: heartbeat (presence, with how long the person has been idle; it
 * answers the person's current status, so the header shows an automatic 'Ausente'), leave (tab
 * closing), typing (a live signal to the visitor), status (the one way to choose a status: the
 * header's menu and the 'Estado' card).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(request, context);
  const { db, bus, logger } = context.services;
  const deps = { db, bus, actor: actorOf(user, context.clientIp) };
  const agent = () => agentFor(deps, user);
  const failed = (e: DomainError | null) => (e && chatRefusal(e)) ?? "No se pudo actualizar el estado.";
  const page = fromPage(request);
  return dispatchIntent<string>(
    await readForm(request),
    {
      [AGENT_INTENTS.heartbeat]: intent({
        permission: "chat:reply",
        schema: heartbeatSchema,
        run: async ({ idle }) => heartbeat(deps, (await agent()).id, new Date(), idle * 1000),
        done: () => null,
        extra: own,
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
        // Without scripts the menu is a plain form: back to the page, which shows the new status.
        ...(page ? { respond: () => backTo(request) } : {}),
      }),
    },
    { logger, unknownIntent: "Acción desconocida.", user, forbidden: "No tienes permiso para esta acción." },
  );
}
