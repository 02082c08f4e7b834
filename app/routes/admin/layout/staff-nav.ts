import {
  BadgeDollarSign,
  Boxes,
  DatabaseBackup,
  Images,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Megaphone,
  MessageSquare,
  Package,
  PanelTop,
  Users,
} from "lucide-react";
import { can, type Permission, type StaffRole } from "~/lib/permissions";

export type StaffNavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  permission: Permission;
  /** Marked only on this exact path (the panel's /admin is the start of every staff path). */
  end?: boolean;
  /** Carries the unread-messages count. */
  unread?: boolean;
};

/** The staff frame's navigation (docs/product.md §3.0): each role sees what it may use. */
export const STAFF_NAV: StaffNavItem[] = [
  { to: "/admin", label: "Panel", icon: LayoutDashboard, permission: "panel:view", end: true },
  { to: "/admin/chat", label: "Mensajes", icon: MessageSquare, permission: "chat:reply", unread: true },
  { to: "/admin/orders", label: "Pedidos", icon: Package, permission: "orders:manage" },
  { to: "/admin/content", label: "Contenido", icon: PanelTop, permission: "content:manage" },
  // After 'Contenido': its label is too wide for the fourth place of the 320 px bottom bar.
  { to: "/admin/embarques", label: "Embarques", icon: Boxes, permission: "orders:manage" },
  { to: "/admin/precios", label: "Precios", icon: BadgeDollarSign, permission: "content:manage" },
  { to: "/admin/hero-images", label: "Imágenes", icon: Images, permission: "content:manage" },
  { to: "/admin/avisos", label: "Avisos", icon: Megaphone, permission: "content:manage" },
  { to: "/admin/users", label: "Usuarios", icon: Users, permission: "users:view" },
  { to: "/admin/backups", label: "Copias", icon: DatabaseBackup, permission: "backups:manage" },
  { to: "/admin/correo", label: "Correo", icon: Mail, permission: "mail:manage" },
];

export function navFor(role: StaffRole): StaffNavItem[] {
  return STAFF_NAV.filter((item) => can({ role }, item.permission));
}

/** The unread count as a badge reads it: '99+' past 99. */
export const unreadLabel = (n: number) => (n > 99 ? "99+" : String(n));
