import { LayoutDashboard, Menu, UserRound, X } from "lucide-react";
import { useRef } from "react";
import { NavLink } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { LogoutButton } from "./logout-button";
import {
  MAIN_LINKS_AFTER_SHOP,
  MAIN_LINKS_BEFORE_SHOP,
  type NavItem,
  SHOP_LINKS,
  type SiteUser,
} from "./nav-links";
import { hidePopover, usePopoverClosesOnNavigation } from "./popover";

const linkClass =
  "flex min-h-11 items-center rounded-lg px-3 text-base font-medium text-foreground transition-colors " +
  "hover:bg-muted hover:text-primary aria-[current=page]:bg-primary/10 aria-[current=page]:text-primary";

const PANEL_ID = "menu-movil";
const TITLE_ID = "menu-movil-titulo";

export type MobileMenuProps = { siteName: string; user: SiteUser | null; className?: string };

/**
 * Phone and tablet menu (below lg): a right-hand panel with the same links. It is a `popover`,
 * so the button opens it, and Escape or a tap beside it closes it, before the page's scripts run
 * and without them; following a link closes it (a new page, or the scripts after a client-side
 * navigation).
 */
export function MobileMenu({ siteName, user, className }: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  usePopoverClosesOnNavigation(panelRef);
  const close = () => hidePopover(panelRef.current);
  const renderLink = (item: NavItem, index?: number) => (
    <li key={item.to} className={index === 0 ? "mt-3" : undefined}>
      <NavLink to={item.to} end={item.to === "/"} className={linkClass} onClick={close}>
        {item.label}
      </NavLink>
    </li>
  );
  return (
    <>
      <button
        type="button"
        popoverTarget={PANEL_ID}
        aria-label="Abrir menú"
        className={buttonVariants({ variant: "ghost", size: "icon", className })}
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      <div
        ref={panelRef}
        id={PANEL_ID}
        popover="auto"
        role="dialog"
        aria-labelledby={TITLE_ID}
        className={cn(
          "fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-[85%] max-w-sm flex-col border-0 border-l bg-card p-0 text-foreground shadow-xl open:flex",
          "pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)] backdrop:bg-black/50",
          "motion-safe:open:animate-sheet-in-right",
        )}
      >
        <div className="flex min-h-16 flex-col justify-center gap-1 border-b px-5 py-3 pr-14">
          <h2 id={TITLE_ID} className="truncate text-lg leading-tight font-semibold">
            {siteName}
          </h2>
          <p className="sr-only">Menú de navegación</p>
        </div>
        <div className="flex-1 overflow-y-auto overscroll-contain px-3 py-4">
          {user && (
            <div className="mb-4 flex items-center gap-3 rounded-xl bg-muted px-3 py-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                <UserRound aria-hidden="true" className="size-5" />
              </span>
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold">{user.name}</p>
                <Badge variant="secondary" className="mt-1">
                  {user.roleLabel ?? "Operador"}
                </Badge>
              </div>
            </div>
          )}
          <nav aria-label="Navegación principal">
            <ul className="grid gap-0.5">
              {MAIN_LINKS_BEFORE_SHOP.map((item) => renderLink(item))}
              <li className="mt-3">
                <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  Tienda
                </p>
                <ul className="grid gap-0.5 border-l-2 border-primary/20 pl-2">
                  {SHOP_LINKS.map((item) => renderLink(item))}
                </ul>
              </li>
              {MAIN_LINKS_AFTER_SHOP.map((item, i) => renderLink(item, i))}
            </ul>
          </nav>
        </div>
        {user && (
          <div className="flex flex-col gap-2 border-t p-4">
            <NavLink to="/admin" onClick={close} className={buttonVariants()}>
              <LayoutDashboard aria-hidden="true" />
              Panel Admin
            </NavLink>
            {/* The confirmation is a dialog of its own: the menu (in the top layer) steps aside. */}
            <LogoutButton variant="outline" size="default" onOpen={close}>
              Salir
            </LogoutButton>
          </div>
        )}
        <button
          type="button"
          popoverTarget={PANEL_ID}
          popoverTargetAction="hide"
          className="absolute top-[calc(0.5rem+env(safe-area-inset-top))] right-2 inline-flex size-11 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Cerrar</span>
        </button>
      </div>
    </>
  );
}
