// The public navigation (docs/product.md §2.1), shared by the header, the mobile menu and the
// footer, derived from the page registry.
import { PUBLIC_PAGES, type PublicPage } from "~/lib/pages";

/** A signed-in staff member: the menus add 'Panel' and 'Salir', the phone menu their name and role. */
/** `roleLabel`: the role in words, made on the server (the public bundle never loads the permissions table). */
export type SiteUser = { name: string; email: string; role?: string | null; roleLabel?: string };

export type NavItem = { label: string; to: string; description?: string };

export type NavLinks = {
  /** The main links before the 'Tienda' submenu, the submenu's links, the main links after it. */
  beforeShop: NavItem[];
  shop: NavItem[];
  afterShop: NavItem[];
  /** Every link in menu order, the submenu flattened in place (the footer). */
  all: NavItem[];
};

/** The menus of the pages the registry (app/lib/pages.ts) puts in the navigation, in its order. */
export function navLinks(pages: readonly PublicPage[]): NavLinks {
  const entries = pages.flatMap((p) =>
    p.nav
      ? [{ group: p.nav.group, item: { label: p.nav.label, to: p.path, description: p.nav.description } }]
      : [],
  );
  // The submenu sits where its first page is.
  const at = entries.findIndex((e) => e.group === "shop");
  const split = at === -1 ? entries.length : at;
  const main = (list: typeof entries) => list.filter((e) => e.group === "main").map((e) => e.item);
  const beforeShop = main(entries.slice(0, split));
  const shop = entries.filter((e) => e.group === "shop").map((e) => e.item);
  const afterShop = main(entries.slice(split));
  return { beforeShop, shop, afterShop, all: [...beforeShop, ...shop, ...afterShop] };
}

const NAV = navLinks(PUBLIC_PAGES);

export const SHOP_LINKS: NavItem[] = NAV.shop;
export const MAIN_LINKS_BEFORE_SHOP: NavItem[] = NAV.beforeShop;
export const MAIN_LINKS_AFTER_SHOP: NavItem[] = NAV.afterShop;
export const ALL_LINKS: NavItem[] = NAV.all;

/** True when the current path belongs to the Tienda submenu. */
export function isShopPath(pathname: string): boolean {
  return SHOP_LINKS.some((l) => pathname === l.to || pathname.startsWith(`${l.to}/`));
}
