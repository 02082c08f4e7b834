import {
  BadgeDollarSign,
  Boxes,
  ChartColumn,
  DatabaseBackup,
  History,
  Images,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Megaphone,
  MessageSquare,
  MessageSquareText,
  Package,
  PanelTop,
  Users,
} from "lucide-react";
import { CONTENT_SCREENS, type ContentScreen } from "~/components/staff/content-tabs";
import { CHAT_URLS } from "~/lib/chat-api";
import { can, type Permission, type StaffRole } from "~/lib/permissions";

/** The sections of the menu that lists every screen ('Menú'), in this order. */
export const NAV_GROUPS = ["Atención", "Tienda", "Equipo y sistema"] as const;
export type StaffNavGroup = (typeof NAV_GROUPS)[number];

export type StaffNavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  permission: Permission;
  /** What the bars show when the label is too long for them. */
  short?: string;
  /** Its section in 'Menú'; the panel has none (it heads the menu). */
  group?: StaffNavGroup;
  /** Carries the unread-messages count. */
  unread?: boolean;
};

/** A content tab's screen as the navigation lists it (its address, name and icon are the tab's). */
function contentItem(to: ContentScreen, short?: string): StaffNavItem {
  const screen = CONTENT_SCREENS.find((s) => s.to === to);
  if (!screen) throw new Error(`Unknown content screen ${to}`);
  const permission = to === "/admin/productos" ? "products:manage" : "content:manage";
  return { to, label: screen.label, short, icon: screen.icon, permission, group: "Tienda" };
}

/**
 * Every staff screen (docs/product.md §3.0), each role seeing what it may use. The bars show the
 * first of them (the bottom bar on phones 4, the desktop bar 7 from 1024 px and 9 from 1280 px);
 * 'Menú' lists them all, so every screen is one tap away from it (issue 42).
 */
export const STAFF_NAV: StaffNavItem[] = [
  { to: "/admin", label: "Panel", icon: LayoutDashboard, permission: "panel:view" },
  {
    to: CHAT_URLS.inbox,
    label: "Mensajes",
    icon: MessageSquare,
    permission: "chat:reply",
    group: "Atención",
    unread: true,
  },
  { to: "/admin/orders", label: "Pedidos", icon: Package, permission: "orders:manage", group: "Atención" },
  { to: "/admin/embarques", label: "Embarques", icon: Boxes, permission: "orders:manage", group: "Atención" },
  contentItem("/admin/productos"),
  {
    to: "/admin/precios",
    label: "Precios",
    icon: BadgeDollarSign,
    permission: "content:manage",
    group: "Tienda",
  },
  { to: "/admin/avisos", label: "Avisos", icon: Megaphone, permission: "content:manage", group: "Tienda" },
  contentItem("/admin/textos"),
  {
    to: CHAT_URLS.reports,
    label: "Informes del chat",
    short: "Informes",
    icon: ChartColumn,
    permission: "reports:view",
    group: "Atención",
  },
  {
    to: CHAT_URLS.savedReplies,
    label: "Respuestas guardadas",
    short: "Respuestas",
    icon: MessageSquareText,
    permission: "chat:reply",
    group: "Atención",
  },
  {
    to: "/admin/hero-images",
    label: "Imágenes Hero",
    short: "Imágenes",
    icon: Images,
    permission: "content:manage",
    group: "Tienda",
  },
  { to: "/admin/content", label: "Banner", icon: PanelTop, permission: "content:manage", group: "Tienda" },
  contentItem("/admin/apariencia"),
  contentItem("/admin/clientes", "Clientes"),
  { to: "/admin/users", label: "Usuarios", icon: Users, permission: "users:view", group: "Equipo y sistema" },
  {
    to: "/admin/users/activity",
    label: "Actividad",
    icon: History,
    permission: "audit:view",
    group: "Equipo y sistema",
  },
  {
    to: "/admin/backups",
    label: "Copias de seguridad",
    short: "Copias",
    icon: DatabaseBackup,
    permission: "backups:manage",
    group: "Equipo y sistema",
  },
  { to: "/admin/correo", label: "Correo", icon: Mail, permission: "mail:manage", group: "Equipo y sistema" },
];

export function navFor(role: StaffRole): StaffNavItem[] {
  return STAFF_NAV.filter((item) => can({ role }, item.permission));
}

/**
 * The screen a path belongs to: the item with the longest address that is the path or starts it
 * ('/admin/chat/informes' is 'Informes', not 'Mensajes'; '/admin/embarques/12' is 'Embarques').
 */
export function currentItem(items: StaffNavItem[], pathname: string): StaffNavItem | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  let best: StaffNavItem | undefined;
  for (const item of items) {
    if ((path === item.to || path.startsWith(`${item.to}/`)) && item.to.length > (best?.to.length ?? 0)) {
      best = item;
    }
  }
  return best;
}

/** The unread count as a badge reads it: '99+' past 99. */
export const unreadLabel = (n: number) => (n > 99 ? "99+" : String(n));
