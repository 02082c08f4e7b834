import { data } from "react-router";
import type { Route } from "./+types/push.key";

/** GET /api/push/key — the VAPID public key browsers subscribe with (null: push is turned off). */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const publicKey = await context.services.push.publicKey();
    return data({ publicKey }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    context.services.logger.error({ err }, "push: public key failed");
    return data({ publicKey: null }, { status: 503 });
  }
}
