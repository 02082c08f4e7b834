import type * as React from "react";
import { Link, NavLink } from "react-router";
import { LogoutButton } from "~/components/shell/logout-button";
import { cn } from "~/components/ui/cn";
import type { StaffRole } from "~/lib/permissions";
import { AccountMenu } from "./account-menu";
import { navFor, type StaffNavItem, unreadLabel } from "./staff-nav";

export type StaffFrameProps = {
  siteName: string;
  logoUrl: string;
  user: { name: string; role: StaffRole };
  unread: number;
  /** The page's title in the top bar, for pages that have no heading of their own there (the inbox). */
  title?: string;
  /** Full-height pages (the inbox) scroll inside themselves, not the window. */
  fullHeight?: boolean;
  /** The person's chat status switch (ADR 0020), on every page. */
  status?: React.ReactNode;
  children: React.ReactNode;
};

/**
 * The staff frame (docs/product.md §3.0): a top bar in the site colour (logo or name, the page's
 * title, the person and 'Salir'), the navigation of the person's role, marked where they are —
 * across the top on wide screens, as a bottom bar on phones and tablets, one tap to every page —
 * and the unread-messages count on 'Mensajes'.
 */
export function StaffFrame({
  siteName,
  logoUrl,
  user,
  unread,
  title,
  fullHeight,
  status,
  children,
}: StaffFrameProps) {
  const items = navFor(user.role);
  return (
    <div data-staff-frame className={cn("flex flex-col bg-background", fullHeight ? "h-dvh" : "min-h-dvh")}>
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-primary font-semibold text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-3"
      >
        Saltar al contenido
      </a>
      <header className="sticky top-0 z-40 shrink-0 bg-primary text-primary-foreground shadow-sm [--focus-ring:white]">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-3 sm:px-4">
          <Link
            to="/"
            className="flex min-w-0 shrink items-center rounded-md"
            aria-label={`${siteName}: ver sitio`}
          >
            {logoUrl ? (
              <img src={logoUrl} alt="" className="h-9 w-auto max-w-32 object-contain" />
            ) : (
              <span className="truncate font-heading font-bold">{siteName}</span>
            )}
          </Link>
          {title ? (
            <h1 className="truncate font-heading text-lg font-bold sm:border-l sm:border-white/30 sm:pl-3">
              {title}
            </h1>
          ) : null}
          <nav aria-label="Navegación del panel" className="ml-auto hidden lg:block">
            <NavList items={items} unread={unread} variant="top" />
          </nav>
          <div className="ml-auto flex shrink-0 items-center gap-1 lg:ml-2">
            {status}
            <AccountMenu user={user} />
            <LogoutButton variant="ghost" className="text-white hover:bg-white/15 hover:text-white">
              Salir
            </LogoutButton>
          </div>
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={cn(
          "flex-1 focus:outline-none",
          fullHeight ? "flex min-h-0 flex-col" : "pb-[calc(4.5rem+env(safe-area-inset-bottom))] lg:pb-0",
        )}
      >
        {children}
      </main>
      <nav
        aria-label="Navegación del panel (móvil)"
        className={cn(
          "z-40 shrink-0 border-t bg-card pb-[env(safe-area-inset-bottom)] lg:hidden",
          !fullHeight && "fixed inset-x-0 bottom-0",
        )}
      >
        <NavList items={items} unread={unread} variant="bottom" />
      </nav>
    </div>
  );
}

function NavList({
  items,
  unread,
  variant,
}: {
  items: StaffNavItem[];
  unread: number;
  variant: "top" | "bottom";
}) {
  return (
    <ul className={cn("flex", variant === "top" ? "items-center gap-1" : "justify-around")}>
      {items.map((item) => (
        <li key={item.to} className={variant === "bottom" ? "min-w-0 flex-1" : undefined}>
          <NavLink
            to={item.to}
            end={item.end}
            className={({ isActive }) =>
              cn(
                "relative flex items-center rounded-lg font-medium transition-colors",
                variant === "top"
                  ? "h-10 gap-2 px-3 text-sm text-white/90 hover:bg-white/15 hover:text-white"
                  : "h-16 flex-col justify-center gap-1 px-0 text-[11px] tracking-tight text-muted-foreground",
                isActive &&
                  (variant === "top"
                    ? "bg-white text-primary hover:bg-white hover:text-primary"
                    : "text-primary after:absolute after:inset-x-3 after:top-0 after:h-0.5 after:rounded-full after:bg-primary"),
              )
            }
          >
            <span className="relative">
              <item.icon aria-hidden="true" className={variant === "top" ? "size-4" : "size-5"} />
              {item.unread && unread > 0 ? (
                <span
                  aria-hidden="true"
                  className={cn(
                    "absolute -top-2 -right-3 min-w-5 rounded-full px-1 text-center text-[11px] leading-5 font-bold",
                    variant === "top"
                      ? "bg-accent text-accent-foreground"
                      : "bg-destructive text-destructive-foreground",
                  )}
                >
                  {unreadLabel(unread)}
                </span>
              ) : null}
            </span>
            <span className="max-w-full truncate">{item.label}</span>
            {item.unread && unread > 0 ? <span className="sr-only">, {unread} sin leer</span> : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
