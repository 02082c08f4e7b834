import { LayoutDashboard } from "lucide-react";
import { Link } from "react-router";
import { CartButton } from "~/components/shop/cart-button";
import { Button } from "~/components/ui/button";
import { DesktopNav } from "./desktop-nav";
import { LogoutButton } from "./logout-button";
import { MobileMenu } from "./mobile-menu";
import type { SiteUser } from "./nav-links";
import { ServerNotice } from "./server-notice";

export type SiteHeaderProps = {
  siteName: string;
  /** Empty string: the site name is shown as text instead of a logo. */
  logoUrl: string;
  /** Logo height in px (20–100). */
  logoSize: number;
  /** CSS offsets applied to the logo with relative positioning. */
  logoPosition: { top: string; left: string };
  user: SiteUser | null;
};

/**
 * Sticky site header (docs/product.md §2.1). Its height depends only on props, so it never shifts.
 * The full menu shows from lg (1024 px): below that the links plus the site name and the
 * staff buttons do not fit on one line, so tablets get the slide-in menu like phones.
 */
export function SiteHeader({ siteName, logoUrl, logoSize, logoPosition, user }: SiteHeaderProps) {
  return (
    <header data-toast-clear className="sticky top-0 z-40 border-b bg-background/95 shadow-xs">
      <div className="mx-auto flex min-h-16 max-w-7xl items-center gap-3 px-4 py-2 sm:px-6">
        <Link to="/" className="flex min-h-11 min-w-0 shrink items-center rounded-lg">
          {logoUrl ? (
            <img
              src={logoUrl}
              alt={siteName}
              height={logoSize}
              className="relative w-auto max-w-[60vw] object-contain md:max-w-xs"
              style={{ height: logoSize, top: logoPosition.top, left: logoPosition.left }}
              decoding="async"
              fetchPriority="high"
            />
          ) : (
            <span className="truncate font-heading text-lg font-bold text-primary sm:text-xl">
              {siteName}
            </span>
          )}
        </Link>

        <DesktopNav className="ml-auto hidden shrink-0 lg:block" />

        <CartButton className="ml-auto shrink-0 lg:ml-0" />

        {user && (
          <div className="hidden shrink-0 items-center gap-2 lg:flex">
            <Button asChild variant="outline" size="sm">
              <Link to="/admin">
                <LayoutDashboard aria-hidden="true" />
                Panel
              </Link>
            </Button>
            <LogoutButton variant="ghost" size="sm">
              Salir
            </LogoutButton>
          </div>
        )}

        <MobileMenu siteName={siteName} user={user} className="-mr-2 lg:hidden" />
      </div>
      <ServerNotice />
    </header>
  );
}
