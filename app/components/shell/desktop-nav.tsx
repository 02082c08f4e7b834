import { ChevronDown } from "lucide-react";
import { NavigationMenu } from "radix-ui";
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

function TopLink({ item }: { item: NavItem }) {
  return (
    <NavigationMenu.Item>
      <NavigationMenu.Link asChild>
        <NavLink to={item.to} end={item.to === "/"} className={itemClass}>
          {item.label}
        </NavLink>
      </NavigationMenu.Link>
    </NavigationMenu.Item>
  );
}

/**
 * Desktop menu (lg and up). Timing per SPEC §9: open delay 200 ms, skip delay 300 ms; the
 * 150 ms close delay is Radix NavigationMenu's built-in (fixed) close timer.
 */
export function DesktopNav({ className }: { className?: string }) {
  const { pathname } = useLocation();
  const shopActive = isShopPath(pathname);
  return (
    <NavigationMenu.Root
      delayDuration={200}
      skipDelayDuration={300}
      aria-label="Navegación principal"
      className={cn("relative", className)}
    >
      <NavigationMenu.List className="flex items-center gap-0.5">
        {MAIN_LINKS_BEFORE_SHOP.map((item) => (
          <TopLink key={item.to} item={item} />
        ))}
        <NavigationMenu.Item className="relative">
          <NavigationMenu.Trigger
            className={cn(
              itemClass,
              "group data-[state=open]:bg-muted",
              shopActive && "bg-primary/10 text-primary",
            )}
          >
            Tienda
            <ChevronDown
              aria-hidden="true"
              className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180"
            />
          </NavigationMenu.Trigger>
          <NavigationMenu.Content className="absolute top-full left-1/2 z-50 mt-2 w-80 -translate-x-1/2 rounded-xl border bg-card p-2 shadow-lg motion-safe:animate-menu-in">
            <ul className="grid gap-1">
              {SHOP_LINKS.map((item) => (
                <li key={item.to}>
                  <NavigationMenu.Link asChild>
                    <NavLink
                      to={item.to}
                      className="block rounded-lg px-3 py-2.5 transition-colors hover:bg-muted aria-[current=page]:bg-primary/10"
                    >
                      <span className="block text-sm font-semibold text-foreground">{item.label}</span>
                      <span className="mt-0.5 block text-xs text-muted-foreground">{item.description}</span>
                    </NavLink>
                  </NavigationMenu.Link>
                </li>
              ))}
            </ul>
          </NavigationMenu.Content>
        </NavigationMenu.Item>
        {MAIN_LINKS_AFTER_SHOP.map((item) => (
          <TopLink key={item.to} item={item} />
        ))}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
