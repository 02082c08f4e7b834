import { Ellipsis } from "lucide-react";
import type * as React from "react";
import { Link, NavLink, useLocation } from "react-router";
import { LogoutButton } from "~/components/shell/logout-button";
import { cn } from "~/components/ui/cn";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import type { StaffRole } from "~/lib/permissions";
import { AccountMenu } from "./account-menu";
import { navFor, type StaffNavItem, unreadLabel } from "./staff-nav";

export type StaffFrameProps = {
  siteName: string;
  logoUrl: string;
  /** Absent when the frame's own data failed (its error screen): then no navigation or account menu. */
  user?: { name: string; role: StaffRole };
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
  const items = user ? navFor(user.role) : [];
  return (
    <div data-staff-frame className={cn("flex flex-col bg-background", fullHeight ? "h-dvh" : "min-h-dvh")}>
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-primary font-semibold text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-3"
      >
        Saltar al contenido
      </a>
      <header
        data-toast-clear
        className="sticky top-0 z-40 shrink-0 bg-primary text-primary-foreground shadow-sm [--focus-ring:white]"
      >
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-3 sm:px-4">
          {/* With a page title, phones stack the site's name small above it, so neither is cut
              at 320 px; from 640 px they sit side by side. */}
          <div
            className={cn(
              "flex min-w-0 shrink",
              title
                ? "flex-col justify-center leading-tight sm:flex-row sm:items-center sm:gap-3"
                : "items-center",
            )}
          >
            <Link
              to="/"
              className="flex min-w-0 shrink items-center self-start rounded-md sm:self-center"
              aria-label={`${siteName}: ver sitio`}
            >
              {logoUrl ? (
                <img
                  src={logoUrl}
                  alt=""
                  className={cn("w-auto max-w-32 object-contain", title ? "h-5 sm:h-9" : "h-9")}
                />
              ) : (
                <span
                  className={cn(
                    "truncate font-heading font-bold",
                    title && "text-xs font-semibold text-white/85 sm:text-base sm:font-bold sm:text-white",
                  )}
                >
                  {siteName}
                </span>
              )}
            </Link>
            {title ? (
              <h1 className="truncate font-heading text-base font-bold sm:border-l sm:border-white/30 sm:pl-3 sm:text-lg">
                {title}
              </h1>
            ) : null}
          </div>
          {user ? (
            <>
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
            </>
          ) : null}
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={cn(
          "flex-1 focus:outline-none",
          fullHeight
            ? "flex min-h-0 flex-col"
            : user && "pb-[calc(4.5rem+env(safe-area-inset-bottom))] lg:pb-0",
        )}
      >
        {children}
      </main>
      {user ? (
        <nav
          aria-label="Navegación del panel (móvil)"
          className={cn(
            "z-40 shrink-0 border-t bg-card pb-[env(safe-area-inset-bottom)] lg:hidden",
            !fullHeight && "fixed inset-x-0 bottom-0",
          )}
        >
          <NavList items={items} unread={unread} variant="bottom" />
        </nav>
      ) : null}
    </div>
  );
}

/**
 * On the narrowest phones the bottom bar keeps this many items and puts the rest under 'Más', so
 * every label is read whole (seven labels in 320 px were cut to 'Mensa…', 'Conte…').
 */
const BOTTOM_KEPT = 4;
/**
 * The top bar keeps this many and puts the rest under 'Más' (nine labels, the status switch and
 * the account menu did not fit in 1280 px: the account was pushed off the screen).
 */
const TOP_KEPT = 5;
/**
 * Where a bottom bar of more than BOTTOM_KEPT + 1 items folds its end into 'Más': a label such as
 * 'Contenido' needs about 58 px, so six items fold below 380 px and seven or more below 420 px.
 */
const FOLD = {
  six: { away: "max-[379px]:hidden", only: "min-[380px]:hidden" },
  more: { away: "max-[419px]:hidden", only: "min-[420px]:hidden" },
};

const bottomLink =
  "relative flex h-16 w-full flex-col items-center justify-center gap-1 rounded-lg px-0.5 text-[11px] font-medium leading-tight tracking-tight text-muted-foreground transition-colors";
const bottomActive =
  "text-primary after:absolute after:inset-x-3 after:top-0 after:h-0.5 after:rounded-full after:bg-primary";

function NavList({
  items,
  unread,
  variant,
}: {
  items: StaffNavItem[];
  unread: number;
  variant: "top" | "bottom";
}) {
  const kept = variant === "bottom" ? BOTTOM_KEPT : TOP_KEPT;
  const fold = items.length > kept + 1;
  const folded = fold ? items.slice(kept) : [];
  // The bottom bar folds only where the labels would not fit; the top bar always.
  const at = variant === "top" ? { away: "hidden", only: "" } : items.length > 6 ? FOLD.more : FOLD.six;
  return (
    <ul className={cn("flex", variant === "top" ? "items-center gap-1" : "justify-around")}>
      {items.map((item, i) => (
        <li
          key={item.to}
          className={cn(variant === "bottom" && "min-w-0 flex-1", fold && i >= kept && at.away)}
        >
          <NavLink
            to={item.to}
            end={item.end}
            className={({ isActive }) =>
              variant === "top"
                ? cn(
                    "relative flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium text-white/90 transition-colors hover:bg-white/15 hover:text-white",
                    isActive && "bg-white text-primary hover:bg-white hover:text-primary",
                  )
                : cn(bottomLink, isActive && bottomActive)
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
      {fold ? (
        <li className={cn(variant === "bottom" && "min-w-0 flex-1", at.only)}>
          <MoreMenu items={folded} variant={variant} />
        </li>
      ) : null}
    </ul>
  );
}

/** 'Más': the bottom bar's folded items as a menu of links, marked when one of them is open. */
function MoreMenu({ items, variant }: { items: StaffNavItem[]; variant: "top" | "bottom" }) {
  const { pathname } = useLocation();
  const isHere = (item: StaffNavItem) =>
    pathname === item.to || (!item.end && pathname.startsWith(`${item.to}/`));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={
          variant === "top"
            ? cn(
                "flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium text-white/90 transition-colors hover:bg-white/15 hover:text-white",
                items.some(isHere) && "bg-white text-primary hover:bg-white hover:text-primary",
              )
            : cn(bottomLink, items.some(isHere) && bottomActive)
        }
      >
        <Ellipsis aria-hidden="true" className={variant === "top" ? "size-4" : "size-5"} />
        <span>Más</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent side={variant === "top" ? "bottom" : "top"} align="end">
        {items.map((item) => (
          // A plain Link: the menu item's props are merged into it, and NavLink's class function would not merge.
          <DropdownMenuItem
            key={item.to}
            asChild
            className={cn(isHere(item) && "font-semibold text-primary")}
          >
            <Link to={item.to} aria-current={isHere(item) ? "page" : undefined}>
              <item.icon aria-hidden="true" />
              {item.label}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
