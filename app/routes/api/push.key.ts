import { data } from "react-router";
import { jsonFailure } from "~/.server/http/json";
import type { Route } from "./+types/push.key";

/** GET /api/push/key — the VAPID public key browsers subscribe with (null: push is turned off). */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const publicKey = await context.services.push.publicKey();
    return data({ publicKey }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    return jsonFailure(err, {
      logger: context.services.logger,
      describe: () => undefined,
      fallback: "Las notificaciones no están disponibles en este momento.",
    });
  }
}
