import { actorOf } from "~/.server/audit/audit";
import { requirePermission } from "~/.server/http/guards";
import { dispatchIntent, readForm, staffIntentsWith } from "~/.server/http/intents";
import { subscribeStaff, unsubscribeStaff } from "~/.server/push/opt-in";
import { isSubscribed } from "~/.server/push/subscriptions";
import { PUSH_TEXTS, pushEndpointSchema, pushRefusal, pushSubscriptionSchema } from "~/lib/push";
import type { Route } from "./+types/push.staff";

const intent = staffIntentsWith<string>();

/**
 * POST /api/push/staff — this device's staff notifications (ADR 0014): intent=subscribe with
 * the browser's subscription, unsubscribe or status with its endpoint. For staff who reply to chats.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "chat:reply");
  const { db, push, logger } = context.services;
  const deps = { db, push, actor: actorOf(user, context.clientIp) };
  return dispatchIntent<string>(
    await readForm(request),
    {
      subscribe: intent({
        permission: "chat:reply",
        schema: pushSubscriptionSchema,
        run: (sub) => subscribeStaff(deps, user.id, sub),
        done: () => PUSH_TEXTS.staffOn,
        failed: pushRefusal,
      }),
      unsubscribe: intent({
        permission: "chat:reply",
        schema: pushEndpointSchema,
        run: ({ endpoint }) => unsubscribeStaff(deps, user.id, endpoint),
        done: () => PUSH_TEXTS.staffOff,
        failed: pushRefusal,
      }),
      status: intent({
        permission: "chat:reply",
        schema: pushEndpointSchema,
        run: ({ endpoint }) => isSubscribed(db, { kind: "staff", id: user.id }, endpoint),
        done: () => null,
        extra: (subscribed) => ({ subscribed }),
        failed: pushRefusal,
      }),
    },
    { logger, user, unknownIntent: "Acción desconocida.", forbidden: "No tienes permiso para esta acción." },
  );
}
