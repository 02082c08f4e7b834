/**
 * Who may do what: the one permissions table. Every staff loader and action checks it on the
 * server (app/.server/http/guards.ts `requirePermission`, or each intent's `permission` in its
 * route's table, app/.server/http/intents.ts); the UI reads the same table to hide what a role
 * may not use. Browser-safe.
 */

export const STAFF_ROLES = ["admin", "operador"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** How every screen names a role (users list, header menu, 'Actividad'); stored values stay as they are. */
export const ROLE_LABELS: Record<StaffRole, string> = { admin: "Administrador", operador: "Operador" };

/** A role as people read it; anything else (absent, unknown) reads 'Operador', as the spec's menu does. */
export function roleLabel(role: string | null | undefined): string {
  return role && Object.hasOwn(ROLE_LABELS, role) ? ROLE_LABELS[role as StaffRole] : ROLE_LABELS.operador;
}

export const PERMISSIONS = {
  /** /admin: the panel with its navigation and the store content tabs (an operador is sent to the inbox). */
  "panel:view": ["admin"],
  /** Products tab: add, edit, stock toggle, delete. */
  "products:manage": ["admin"],
  /** /admin/content (banner, texts, appearance) and /admin/hero-images. */
  "content:manage": ["admin"],
  /** /admin/users: the staff list. */
  "users:view": ["admin"],
  /** /admin/users: add people, change roles, deactivate, reset passwords, end sessions. */
  "users:manage": ["admin"],
  /** /admin/users/activity: the audit log. */
  "audit:view": ["admin"],
  /** /admin/orders: orders and couriers. */
  "orders:manage": ["admin", "operador"],
  /** /admin/orders 'Ajustes de seguimiento': private tracking and transit days per destination. */
  "orders:settings": ["admin"],
  /** /admin/chat: read and reply, resolve, assign, the agent's own status. */
  "chat:reply": ["admin", "operador"],
  /** The team's saved replies: add, edit, delete (every staff member keeps their own). */
  "replies:manage": ["admin"],
  /** /admin/backups: list, make, download and restore backups (restoring: embedded database only). */
  "backups:manage": ["admin"],
  /** /admin/correo: every e-mail the site sent or keeps (the outbox), and 'Reenviar'. */
  "mail:manage": ["admin"],
  /** /admin/chat/informes: the chat's figures (conversations, response and resolution times). */
  "reports:view": ["admin"],
  /** canManageChat: rename and delete conversations. */
  "chat:manage": ["admin", "operador"],
  /** /admin/account: one's own password (everyone signed in). */
  "account:own": ["admin", "operador"],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(user: { role: StaffRole } | null | undefined, permission: Permission): boolean {
  return !!user && (PERMISSIONS[permission] as readonly StaffRole[]).includes(user.role);
}
