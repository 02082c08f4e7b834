import { ChevronDown } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { cn } from "~/components/ui/cn";
import {
  isShopPath,
  MAIN_LINKS_AFTER_SHOP,
  MAIN_LINKS_BEFORE_SHOP,
  type NavItem,
  SHOP_LINKS,
} from "./nav-links";

const itemClass =
  "inline-flex h-10 items-center gap-1 rounded-lg px-2.5 text-sm font-medium xl:px-3 text-foreground/80 " +
  "transition-colors hover:bg-muted hover:text-primary aria-[current=page]:bg-primary/10 " +
  "aria-[current=page]:text-primary";

/** docs/product.md §5 'Timing': the submenu opens 200 ms after hovering, at once within 300 ms of closing, and closes 150 ms after leaving. */
const MENU_OPEN_DELAY_MS = 200;
const MENU_SKIP_DELAY_MS = 300;
const MENU_CLOSE_DELAY_MS = 150;

function TopLink({ item }: { item: NavItem }) {
  return (
    <li>
      <NavLink to={item.to} end={item.to === "/"} className={itemClass}>
        {item.label}
      </NavLink>
    </li>
  );
}

/**
 * The 'Tienda' submenu: a disclosure button (click, Enter or Space toggles; hover opens with the
 * spec's delays), its panel follows it in the tab order, Escape closes it and returns focus,
 * and a click or focus outside closes it.
 */
function ShopMenu({ active }: { active: boolean }) {
  const [open, setOpen] = useState(false);
  const itemRef = useRef<HTMLLIElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const closedAt = useRef(0);
  const panelId = useId();
  const { pathname } = useLocation();

  const clearTimer = useCallback(() => window.clearTimeout(timer.current), []);
  const setOpenNow = useCallback(
    (next: boolean) => {
      clearTimer();
      setOpen((was) => {
        if (was && !next) closedAt.current = Date.now();
        return next;
      });
    },
    [clearTimer],
  );

  // Close after following a link, and on any click outside the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger.
  useEffect(() => setOpenNow(false), [pathname, setOpenNow]);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!itemRef.current?.contains(event.target as Node)) setOpenNow(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, setOpenNow]);
  useEffect(() => clearTimer, [clearTimer]);

  const onPointerEnter = (event: React.PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    clearTimer();
    if (open) return;
    const skip = Date.now() - closedAt.current < MENU_SKIP_DELAY_MS;
    if (skip) setOpenNow(true);
    else timer.current = window.setTimeout(() => setOpenNow(true), MENU_OPEN_DELAY_MS);
  };
  const onPointerLeave = (event: React.PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    clearTimer();
    if (open) timer.current = window.setTimeout(() => setOpenNow(false), MENU_CLOSE_DELAY_MS);
  };

  return (
    <li
      ref={itemRef}
      className="relative"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          setOpenNow(false);
          triggerRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        // Focus moved to something outside (a click on nothing focusable is the pointer handler's).
        const next = event.relatedTarget as Node | null;
        if (next && !event.currentTarget.contains(next)) setOpenNow(false);
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-state={open ? "open" : "closed"}
        className={cn(itemClass, "group data-[state=open]:bg-muted", active && "bg-primary/10 text-primary")}
        onClick={() => setOpenNow(!open)}
      >
        Tienda
        <ChevronDown
          aria-hidden="true"
          className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180"
        />
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute top-full left-1/2 z-50 mt-2 w-80 -translate-x-1/2 rounded-xl border bg-card p-2 shadow-lg motion-safe:animate-menu-in"
        >
          <ul className="grid gap-1">
            {SHOP_LINKS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className="block rounded-lg px-3 py-2.5 transition-colors hover:bg-muted aria-[current=page]:bg-primary/10"
                >
                  <span className="block text-sm font-semibold text-foreground">{item.label}</span>
                  <span className="mt-0.5 block text-xs text-muted-foreground">{item.description}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

/** Desktop menu (lg and up): the main links with the 'Tienda' submenu in the middle. */
export function DesktopNav({ className }: { className?: string }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Navegación principal" className={cn("relative", className)}>
      <ul className="flex items-center gap-0.5">
        {MAIN_LINKS_BEFORE_SHOP.map((item) => (
          <TopLink key={item.to} item={item} />
        ))}
        <ShopMenu active={isShopPath(pathname)} />
        {MAIN_LINKS_AFTER_SHOP.map((item) => (
          <TopLink key={item.to} item={item} />
        ))}
      </ul>
    </nav>
  );
}
