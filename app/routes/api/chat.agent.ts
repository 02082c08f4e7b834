import { data } from "react-router";
import { readForm, requireRole, STAFF } from "~/server/auth/guards";
import { agentFor, heartbeat, leave } from "~/server/chat/agents";
import { errorResponse, json } from "~/server/chat/respond";
import { setTyping } from "~/server/chat/staff";
import type { Route } from "./+types/chat.agent";

/**
 * POST /api/chat/agent — the inbox tab's background calls, kept off the page's action so they
 * never trigger a reload: intent=heartbeat (presence), leave (tab closing), typing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(request, context, STAFF);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const { db, bus, logger } = context.services;
  const deps = { db, bus };
  try {
    const agent = await agentFor(deps, user);
    switch (intent) {
      case "heartbeat":
        await heartbeat(deps, agent.id);
        return json({ ok: true });
      case "leave":
        await leave(deps, agent.id);
        return json({ ok: true });
      case "typing": {
        const clientId = String(form.get("clientId") ?? "");
        await setTyping(deps, clientId, form.get("typing") === "true" ? agent.name : null);
        return json({ ok: true });
      }
      default:
        return data({ error: "Acción desconocida." }, { status: 400 });
    }
  } catch (err) {
    return errorResponse(err, logger, "No se pudo actualizar el estado.");
  }
}
