import { LayoutDashboard, UserRound } from "lucide-react";
import { type RefObject, useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { focusBackTo } from "~/components/ui/lazy-dialog";
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from "~/components/ui/sheet";
import { LogoutButton } from "./logout-button";
import { MAIN_LINKS_AFTER_SHOP, MAIN_LINKS_BEFORE_SHOP, type NavItem, SHOP_LINKS } from "./nav-links";
import type { SiteUser } from "./site-header";

const linkClass =
  "flex min-h-11 items-center rounded-lg px-3 text-base font-medium text-foreground transition-colors " +
  "hover:bg-muted hover:text-primary aria-[current=page]:bg-primary/10 aria-[current=page]:text-primary";

export type MobileMenuSheetProps = {
  siteName: string;
  user: SiteUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button: focus goes back to it when the sheet closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/** The slide-in menu's content, loaded by MobileMenu (see mobile-menu.tsx). */
export default function MobileMenuSheet({
  siteName,
  user,
  open,
  onOpenChange,
  returnFocusTo,
}: MobileMenuSheetProps) {
  const { pathname } = useLocation();
  // Close after any navigation (e.g. after signing out from inside the sheet). The sheet
  // mounts already open, so only a change of path after mounting counts.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    onOpenChange(false);
  }, [pathname, onOpenChange]);

  const close = () => onOpenChange(false);
  const renderLink = (item: NavItem, index?: number) => (
    <li key={item.to} className={index === 0 ? "mt-3" : undefined}>
      <NavLink to={item.to} end={item.to === "/"} className={linkClass} onClick={close}>
        {item.label}
      </NavLink>
    </li>
  );

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" onCloseAutoFocus={focusBackTo(returnFocusTo)}>
        <SheetHeader>
          <SheetTitle className="truncate">{siteName}</SheetTitle>
          <SheetDescription className="sr-only">Menú de navegación</SheetDescription>
        </SheetHeader>
        <SheetBody>
          {user && (
            <div className="mb-4 flex items-center gap-3 rounded-xl bg-muted px-3 py-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                <UserRound aria-hidden="true" className="size-5" />
              </span>
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold">{user.name}</p>
                <Badge variant="secondary" className="mt-1 capitalize">
                  {user.role || "operador"}
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
        </SheetBody>
        {user && (
          <SheetFooter>
            <Button asChild>
              <NavLink to="/admin" onClick={close}>
                <LayoutDashboard aria-hidden="true" />
                Panel Admin
              </NavLink>
            </Button>
            <LogoutButton variant="outline" size="default">
              Salir
            </LogoutButton>
          </SheetFooter>
        )}
      </SheetContent>
    </Sheet>
  );
}
