import { Link, useRouteLoaderData } from "react-router";
import { LogoutButton } from "~/components/shell/logout-button";
import type { loader as rootLoader } from "~/root";

/** docs/product.md §3.3: header in the site colour with logo or name, 'Panel de Chat' and logout. */
export function InboxHeader({ isAdmin }: { isAdmin: boolean }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const siteName = root?.settings.siteName ?? "";
  const logoUrl = root?.settings.logoUrl;
  return (
    <header className="flex shrink-0 items-center justify-between gap-3 bg-primary px-3 py-2 text-primary-foreground sm:px-4">
      <div className="flex min-w-0 items-center gap-3">
        <Link to="/" className="flex min-w-0 shrink items-center rounded-md">
          {logoUrl ? (
            <img src={logoUrl} alt={siteName} className="h-9 w-auto" />
          ) : (
            <span className="hidden truncate font-heading font-bold sm:inline">{siteName}</span>
          )}
        </Link>
        <h1 className="truncate font-heading text-lg font-bold sm:border-l sm:border-white/30 sm:pl-3">
          Panel de Chat
        </h1>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {isAdmin ? (
          <Link
            to="/admin"
            className="hidden rounded-lg px-3 py-2 text-sm font-medium hover:bg-white/15 sm:inline-block"
          >
            Panel
          </Link>
        ) : null}
        <LogoutButton variant="secondary" className="bg-white/15 text-white hover:bg-white/25">
          Salir
        </LogoutButton>
      </div>
    </header>
  );
}
