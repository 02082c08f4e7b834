import { ChevronDown } from "lucide-react";
import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { cn } from "~/components/ui/cn";
import {
  isShopPath,
  MAIN_LINKS_AFTER_SHOP,
  MAIN_LINKS_BEFORE_SHOP,
  type NavItem,
  SHOP_LINKS,
} from "./nav-links";
import { hidePopover, usePopoverClosesOnNavigation } from "./popover";

const itemClass =
  "inline-flex h-10 items-center gap-1 rounded-lg px-2.5 text-sm font-medium xl:px-3 text-foreground/80 " +
  "transition-colors hover:bg-muted hover:text-primary aria-[current=page]:bg-primary/10 " +
  "aria-[current=page]:text-primary";

/** docs/product.md §5 'Timing': the submenu opens 200 ms after hovering, at once within 300 ms of closing, and closes 150 ms after leaving. */
const MENU_OPEN_DELAY_MS = 200;
const MENU_SKIP_DELAY_MS = 300;
const MENU_CLOSE_DELAY_MS = 150;

const PANEL_ID = "menu-tienda";

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
 * The 'Tienda' submenu: a button and a panel with the `popover` attribute, so it opens, closes on
 * Escape or a click outside, and takes the focus order (the panel follows the button) before
 * the page's scripts run and without them. The panel hangs under the button by CSS anchor
 * positioning (where a browser lacks it, from the button's box once scripts run). Scripts add
 * the hover opening with the spec's delays, and close it after a client-side navigation.
 */
function ShopMenu({ active }: { active: boolean }) {
  const panelRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const closedAt = useRef(0);
  usePopoverClosesOnNavigation(panelRef);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const isOpen = () => panelRef.current?.matches(":popover-open") ?? false;
  const later = (fn: () => void, ms: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(fn, ms);
  };
  const onPointerEnter = (event: React.PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    window.clearTimeout(timer.current);
    if (isOpen()) return;
    const show = () => panelRef.current?.showPopover();
    if (Date.now() - closedAt.current < MENU_SKIP_DELAY_MS) show();
    else later(show, MENU_OPEN_DELAY_MS);
  };
  const onPointerLeave = (event: React.PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    window.clearTimeout(timer.current);
    if (isOpen()) later(() => hidePopover(panelRef.current), MENU_CLOSE_DELAY_MS);
  };

  return (
    <li className="group" onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave}>
      <button
        ref={triggerRef}
        type="button"
        popoverTarget={PANEL_ID}
        className={cn(
          itemClass,
          "[anchor-name:--menu-tienda] group-has-[:popover-open]:bg-muted",
          active && "bg-primary/10 text-primary",
        )}
      >
        Tienda
        <ChevronDown
          aria-hidden="true"
          className="size-4 transition-transform duration-200 group-has-[:popover-open]:rotate-180"
        />
      </button>
      <div
        ref={panelRef}
        id={PANEL_ID}
        popover="auto"
        onToggle={(event) => {
          const opened = (event.nativeEvent as ToggleEvent).newState === "open";
          if (!opened) closedAt.current = Date.now();
          else placeUnder(panelRef.current, triggerRef.current);
        }}
        className="m-0 mt-2 w-80 rounded-xl border bg-card p-2 text-foreground shadow-lg [position-anchor:--menu-tienda] [position-area:bottom] motion-safe:open:animate-menu-in"
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
    </li>
  );
}

/** Where CSS anchor positioning is missing, the panel is placed under the button by hand. */
function placeUnder(panel: HTMLElement | null, trigger: HTMLElement | null) {
  if (!panel || !trigger || CSS.supports("position-area: bottom")) return;
  const box = trigger.getBoundingClientRect();
  panel.style.top = `${box.bottom}px`;
  panel.style.left = `${Math.max(8, box.left + box.width / 2 - panel.offsetWidth / 2)}px`;
  panel.style.right = "auto";
  panel.style.bottom = "auto";
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
