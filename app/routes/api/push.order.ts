import { dispatchIntent, intentsWith, readForm } from "~/.server/http/intents";
import { subscribeOrder, unsubscribeOrder } from "~/.server/push/opt-in";
import { isSubscribed } from "~/.server/push/subscriptions";
import { enforceRateLimit } from "~/.server/ratelimit";
import { orderPushEndpointSchema, orderPushSchema, PUSH_TEXTS, pushRefusal } from "~/lib/push";
import type { Route } from "./+types/push.order";

const intent = intentsWith<string>();

/**
 * POST /api/push/order — the tracking page's 'Avísame cuando cambie' (ADR 0014): no account,
 * knowing the tracking number is enough (as for the page itself); limited per address.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, push, logger, config } = context.services;
  const deps = { db, push };
  const limited = () =>
    enforceRateLimit(db, "push-order", context.clientIp, {
      limit: config.PUSH_REQUESTS_PER_MINUTE,
      windowSeconds: 60,
    });
  // New subscriptions from one address: an order replaces its oldest, so this bounds the churn.
  const beforeNew = () =>
    enforceRateLimit(db, "push-subscribe", context.clientIp, {
      limit: config.PUSH_SUBSCRIPTIONS_PER_ADDRESS,
      windowSeconds: 3600,
    });
  return dispatchIntent<string>(
    await readForm(request),
    {
      subscribe: intent({
        schema: orderPushSchema,
        run: async ({ trackingNumber, ...sub }) => {
          await limited();
          await subscribeOrder(deps, trackingNumber, sub, { beforeNew });
        },
        done: () => PUSH_TEXTS.orderOn,
        failed: pushRefusal,
      }),
      unsubscribe: intent({
        schema: orderPushEndpointSchema,
        run: async ({ trackingNumber, endpoint }) => {
          await limited();
          await unsubscribeOrder(deps, trackingNumber, endpoint);
        },
        done: () => PUSH_TEXTS.orderOff,
        failed: pushRefusal,
      }),
      status: intent({
        schema: orderPushEndpointSchema,
        run: ({ trackingNumber, endpoint }) =>
          isSubscribed(db, { kind: "order", id: trackingNumber }, endpoint),
        done: () => null,
        extra: (subscribed) => ({ subscribed }),
        failed: pushRefusal,
      }),
    },
    { logger, unknownIntent: "Acción desconocida." },
  );
}
