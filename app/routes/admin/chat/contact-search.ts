import { data } from "react-router";
import { searchContacts } from "~/.server/contacts/contacts";
import { requirePermission } from "~/.server/http/guards";
import type { Route } from "./+types/contact-search";

/** GET /admin/chat/contactos?q=…&sin=id — contacts to merge with (name, number or e-mail), as JSON. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "chat:manage");
  const url = new URL(request.url);
  const except = url.searchParams.get("sin") ?? "";
  try {
    const contacts = await searchContacts(
      context.services.db,
      url.searchParams.get("q") ?? "",
      /^[0-9a-f-]{36}$/i.test(except) ? except : undefined,
    );
    return data({ contacts }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    context.services.logger.error({ err }, "contact search failed");
    return data({ contacts: [], message: "No se pudo buscar." }, { status: 503 });
  }
}
