import { data } from "react-router";
import { countUnread } from "~/.server/chat/staff";
import { requirePermission } from "~/.server/http/guards";
import type { Route } from "./+types/staff.unread";

/** The staff frame's count on 'Mensajes' (docs/product.md §3.0). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "chat:reply");
  try {
    const unread = await countUnread(context.services.db);
    return data({ unread }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    context.services.logger.error({ err }, "unread count failed");
    return data({ message: "No se pudo contar los mensajes." }, { status: 503 });
  }
}
