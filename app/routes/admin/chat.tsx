import { MessagesSquare } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { LogoutButton } from "~/components/shell/logout-button";
import { pageTitle } from "~/lib/meta";
import type { loader as rootLoader } from "~/root";
import { requireRole, STAFF } from "~/server/auth/guards";
import type { Route } from "./+types/chat";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Panel de Chat") },
  { name: "robots", content: "noindex" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireRole(request, context, STAFF);
  return { name: user.name, role: user.role };
}

/** SPEC §2.13: the chat inbox has its own header instead of the site shell. */
export default function ChatRoute() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const siteName = root?.settings.siteName ?? "";
  const logoUrl = root?.settings.logoUrl;
  return (
    <div className="flex min-h-dvh flex-col bg-background page-fade">
      <header className="flex items-center justify-between gap-3 bg-primary px-4 py-3 text-primary-foreground">
        <Link to="/" className="flex min-w-0 items-center gap-3">
          {logoUrl ? (
            <img src={logoUrl} alt={siteName} className="h-9 w-auto" />
          ) : (
            <span className="truncate font-heading font-bold">{siteName}</span>
          )}
          <span className="hidden text-sm opacity-90 sm:inline">Panel de Chat</span>
        </Link>
        <LogoutButton variant="secondary">Salir</LogoutButton>
      </header>
      <main id="main" className="grid flex-1 place-items-center p-6 text-center">
        <div className="max-w-md space-y-3">
          <MessagesSquare aria-hidden className="mx-auto size-12 text-primary" />
          <h1 className="font-heading text-2xl font-bold">Panel de Chat</h1>
          <p className="text-muted-foreground">
            Selecciona una conversación de la izquierda para ver los mensajes.
          </p>
          <p className="text-sm text-muted-foreground">
            Los mensajes nuevos de los clientes aparecerán aquí.
          </p>
          {root?.user?.role === "admin" ? (
            <Link
              to="/admin"
              className="inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Volver al panel
            </Link>
          ) : null}
        </div>
      </main>
    </div>
  );
}
