import { Menu } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { LogoutButton } from "~/components/shell/logout-button";
import { cn } from "~/components/ui/cn";
import { Sheet, SheetBody, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import type { StaffRole } from "~/lib/permissions";
import { AccountMenu } from "./account-menu";
import { currentItem, NAV_GROUPS, navFor, type StaffNavItem, unreadLabel } from "./staff-nav";

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
 * title, the person and 'Salir'), the navigation of the person's role, marked where they are — a
 * bar under the top bar from 1024 px, a bottom bar on phones and tablets, each with 'Menú' listing
 * every screen — and the unread-messages count on 'Mensajes'. The navigation has a row of its own,
 * so the business name keeps its room in the top bar at every width.
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
            <div className="ml-auto flex shrink-0 items-center gap-1">
              {status}
              <AccountMenu user={user} />
              <LogoutButton variant="ghost" className="text-white hover:bg-white/15 hover:text-white">
                <span className="max-sm:sr-only">Salir</span>
              </LogoutButton>
            </div>
          ) : null}
        </div>
        {user ? (
          <nav
            aria-label="Navegación del panel"
            className="hidden border-b bg-card text-foreground shadow-sm lg:block [--focus-ring:var(--ring)]"
          >
            <TopBar items={items} unread={unread} />
          </nav>
        ) : null}
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
          <BottomBar items={items} unread={unread} />
        </nav>
      ) : null}
    </div>
  );
}

/**
 * The bottom bar on phones and tablets keeps this many screens and 'Menú' lists them all; below
 * 360 px one fewer, so every label is read whole ('Embarques' does not fit a fifth of 320 px).
 */
const BOTTOM_KEPT = 4;
const NARROW_KEPT = 3;
/** The desktop bar: this many screens from 1024 px, WIDE_KEPT from 1280 px, then 'Menú'. */
const TOP_KEPT = 7;
const WIDE_KEPT = 9;

const bottomLink =
  "relative flex h-16 w-full flex-col items-center justify-center gap-1 rounded-lg px-0.5 text-[11px] font-medium leading-tight tracking-tight text-muted-foreground transition-colors";
const bottomActive =
  "text-primary after:absolute after:inset-x-3 after:top-0 after:h-0.5 after:rounded-full after:bg-primary";
/** 'Menú' marked below 360 px only, where it holds the bar's last screen. */
const bottomActiveNarrow =
  "max-[359px]:text-primary max-[359px]:after:absolute max-[359px]:after:inset-x-3 max-[359px]:after:top-0 max-[359px]:after:h-0.5 max-[359px]:after:rounded-full max-[359px]:after:bg-primary";
const topLink =
  "relative flex h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground";
const topActive = "bg-primary/10 text-primary hover:bg-primary/10 hover:text-primary";
/** 'Menú' marked below 1280 px only: there the current screen is one of those it holds. */
const topActiveBelowWide = "max-xl:bg-primary/10 max-xl:text-primary";

type NavProps = { items: StaffNavItem[]; unread: number };

/** The unread count on 'Mensajes': a badge on the icon, read aloud after the label. */
function UnreadBadge({ item, unread, tone }: { item: StaffNavItem; unread: number; tone: "bar" | "menu" }) {
  if (!item.unread || unread <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={cn(
        "min-w-5 rounded-full bg-destructive px-1 text-center text-[11px] leading-5 font-bold text-destructive-foreground",
        tone === "bar" && "absolute -top-2 -right-3",
      )}
    >
      {unreadLabel(unread)}
    </span>
  );
}

function useCurrent(items: StaffNavItem[]) {
  const { pathname } = useLocation();
  return currentItem(items, pathname);
}

/** From 1024 px: a bar under the top bar with the first screens and 'Menú'. */
function TopBar({ items, unread }: NavProps) {
  const current = useCurrent(items);
  const at = current ? items.indexOf(current) : -1;
  return (
    <ul className="mx-auto flex max-w-7xl items-center gap-1 px-3 py-1 sm:px-4">
      {items.slice(0, WIDE_KEPT).map((item, i) => (
        <li key={item.to} className={cn(i >= TOP_KEPT && "hidden xl:block")}>
          <Link
            to={item.to}
            aria-current={item === current ? "page" : undefined}
            className={cn(topLink, item === current && topActive)}
          >
            <span className="relative">
              <item.icon aria-hidden="true" className="size-4" />
              <UnreadBadge item={item} unread={unread} tone="bar" />
            </span>
            {item.short ?? item.label}
            {item.unread && unread > 0 ? <span className="sr-only">, {unread} sin leer</span> : null}
          </Link>
        </li>
      ))}
      {items.length > TOP_KEPT ? (
        <li className={cn("ml-auto", items.length <= WIDE_KEPT && "xl:hidden")}>
          <AllScreensMenu
            items={items}
            unread={unread}
            className={cn(
              topLink,
              at >= WIDE_KEPT && topActive,
              at >= TOP_KEPT && at < WIDE_KEPT && topActiveBelowWide,
            )}
          />
        </li>
      ) : null}
    </ul>
  );
}

/** Phones and tablets: a bottom bar with the first screens and 'Menú'. */
function BottomBar({ items, unread }: NavProps) {
  const current = useCurrent(items);
  // With one screen more than the bar keeps, it takes 'Menú''s place.
  const menu = items.length > BOTTOM_KEPT + 1;
  const kept = menu ? items.slice(0, BOTTOM_KEPT) : items;
  const at = current ? items.indexOf(current) : -1;
  return (
    <ul className="flex justify-around">
      {kept.map((item, i) => (
        <li key={item.to} className={cn("min-w-0 flex-1", menu && i === NARROW_KEPT && "max-[359px]:hidden")}>
          <Link
            to={item.to}
            aria-current={item === current ? "page" : undefined}
            className={cn(bottomLink, item === current && bottomActive)}
          >
            <span className="relative">
              <item.icon aria-hidden="true" className="size-5" />
              <UnreadBadge item={item} unread={unread} tone="bar" />
            </span>
            <span className="max-w-full truncate">{item.short ?? item.label}</span>
            {item.unread && unread > 0 ? <span className="sr-only">, {unread} sin leer</span> : null}
          </Link>
        </li>
      ))}
      {kept.length < items.length ? (
        <li className="min-w-0 flex-1">
          <AllScreensMenu
            items={items}
            unread={unread}
            className={cn(
              bottomLink,
              at >= BOTTOM_KEPT && bottomActive,
              at === NARROW_KEPT && bottomActiveNarrow,
            )}
          />
        </li>
      ) : null}
    </ul>
  );
}

/**
 * 'Menú': every screen of the person's role, by section, the current one marked — one tap to any
 * of them from the bars, on every width (issue 42).
 */
function AllScreensMenu({ items, unread, className }: NavProps & { className: string }) {
  const [open, setOpen] = useState(false);
  const current = useCurrent(items);
  const close = () => setOpen(false);
  const heads = items.filter((item) => !item.group);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger className={className}>
        <span className="relative">
          <Menu aria-hidden="true" className="size-5" />
        </span>
        <span>Menú</span>
      </SheetTrigger>
      <SheetContent aria-describedby={undefined}>
        <SheetHeader>
          <SheetTitle>Todas las pantallas</SheetTitle>
        </SheetHeader>
        <SheetBody>
          <nav aria-label="Todas las pantallas del panel">
            <MenuLinks items={heads} current={current} unread={unread} onPick={close} />
            {NAV_GROUPS.map((group) => {
              const inGroup = items.filter((item) => item.group === group);
              if (inGroup.length === 0) return null;
              return (
                <section key={group} aria-label={group} className="mt-4">
                  <h2 className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                    {group}
                  </h2>
                  <MenuLinks items={inGroup} current={current} unread={unread} onPick={close} />
                </section>
              );
            })}
          </nav>
        </SheetBody>
      </SheetContent>
    </Sheet>
  );
}

function MenuLinks({
  items,
  current,
  unread,
  onPick,
}: {
  items: StaffNavItem[];
  current: StaffNavItem | undefined;
  unread: number;
  onPick: () => void;
}) {
  return (
    <ul className="grid gap-0.5">
      {items.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            onClick={onPick}
            aria-current={item === current ? "page" : undefined}
            className={cn(
              "flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium hover:bg-muted",
              item === current && "bg-primary/10 font-semibold text-primary hover:bg-primary/10",
            )}
          >
            <item.icon aria-hidden="true" className="size-5 shrink-0" />
            <span className="min-w-0 flex-1">{item.label}</span>
            <UnreadBadge item={item} unread={unread} tone="menu" />
            {item.unread && unread > 0 ? <span className="sr-only">, {unread} sin leer</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
