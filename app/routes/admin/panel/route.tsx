import { redirect } from "react-router";
import { requireStaff } from "~/.server/http/guards";
import { loaderFailure } from "~/.server/http/outage";
import { pageTitle } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { storedTextProblems } from "../texts/problems";
import type { Route } from "./+types/route";
import { AdminPanel } from "./admin-panel";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Panel de Administración") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(request, context);
  // docs/product.md §3.2: an operador goes to the chat inbox; only admin sees the panel.
  if (!can(user, "panel:view")) throw redirect("/admin/chat");
  const { logger, siteContent } = context.services;
  try {
    // Texts the site cannot use are said here, with the way to 'Textos' (the texts are cached).
    const { text } = await siteContent.get();
    return { email: user.email, role: user.role, textsNeedFixing: storedTextProblems(text) !== null };
  } catch (err) {
    throw loaderFailure(err, { logger, what: "Admin panel fetch error" });
  }
}

/**
 * The panel (docs/product.md §3.2): who is signed in, the navigation tiles and the store content
 * tabs — links to their own screens (issue 42), each of which loads only its own data.
 */
export default function AdminPanelRoute({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPanel
      email={loaderData.email}
      role={loaderData.role}
      notice={
        loaderData.textsNeedFixing
          ? "Hay textos guardados que el sitio no puede usar (por ejemplo, un número de WhatsApp que no es un número). Corrígelos en 'Textos'."
          : undefined
      }
    />
  );
}
