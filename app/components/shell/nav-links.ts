/** The public navigation (docs/product.md §2.1), shared by the header, the mobile menu and the footer. */

/** A signed-in staff member: the menus add 'Panel' and 'Salir', the phone menu their name and role. */
export type SiteUser = { name: string; email: string; role?: string | null };

export type NavItem = { label: string; to: string; description?: string };

export const SHOP_LINKS: NavItem[] = [
  { label: "Nuestra Tienda", to: "/tienda", description: "Ropa, calzado, comida típica y artesanías." },
  {
    label: "Tiendas Externas",
    to: "/tienda-externa",
    description: "Cotiza artículos de tiendas en línea de EE. UU.",
  },
  { label: "Personal Shop", to: "/personal-shop", description: "Compramos por ti y lo enviamos a tu país." },
];

export const MAIN_LINKS_BEFORE_SHOP: NavItem[] = [
  { label: "Inicio", to: "/" },
  { label: "Nosotros", to: "/nosotros" },
  { label: "Servicios", to: "/servicios" },
];

export const MAIN_LINKS_AFTER_SHOP: NavItem[] = [
  { label: "Seguimiento", to: "/seguimiento" },
  { label: "Contáctenos", to: "/contact" },
];

/** Every public link in menu order, the Tienda submenu flattened in place. */
export const ALL_LINKS: NavItem[] = [...MAIN_LINKS_BEFORE_SHOP, ...SHOP_LINKS, ...MAIN_LINKS_AFTER_SHOP];

/** True when the current path belongs to the Tienda submenu. */
export function isShopPath(pathname: string): boolean {
  return SHOP_LINKS.some((l) => pathname === l.to || pathname.startsWith(`${l.to}/`));
}
