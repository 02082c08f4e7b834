/**
 * The kinds of staff action the audit log ('Actividad') records, and how people read them.
 * Browser-safe: the server writes these names, the page filters and labels by them.
 */
export const AUDIT_ACTIONS = {
  "product.created": "Producto agregado",
  "product.updated": "Producto editado",
  "product.stock": "Stock cambiado",
  "product.deleted": "Producto eliminado",
  "order.created": "Pedido creado",
  "order.updated": "Pedido editado",
  "order.status": "Estado de pedido cambiado",
  "order.deleted": "Pedido eliminado",
  "courier.created": "Repartidor agregado",
  "courier.updated": "Repartidor editado",
  "courier.deleted": "Repartidor eliminado",
  "conversation.status": "Conversación resuelta o reabierta",
  "conversation.renamed": "Conversación renombrada",
  "conversation.deleted": "Conversación eliminada",
  "conversation.assigned": "Conversación asignada",
  "conversation.unassigned": "Asignación removida",
  "saved-reply.created": "Respuesta guardada agregada",
  "saved-reply.updated": "Respuesta guardada editada",
  "saved-reply.deleted": "Respuesta guardada eliminada",
  "site.text": "Textos del sitio guardados",
  "site.settings": "Apariencia guardada",
  "site.banner": "Banner cambiado",
  "site.images": "Imágenes del sitio cambiadas",
  "staff.created": "Usuario agregado",
  "staff.role": "Rol cambiado",
  "staff.deactivated": "Usuario desactivado",
  "staff.reactivated": "Usuario reactivado",
  "staff.password-reset": "Contraseña restablecida",
  "staff.password-changed": "Contraseña propia cambiada",
  "staff.sessions-ended": "Sesiones cerradas",
  "auth.sign-in": "Inicio de sesión",
  "auth.sign-in-failed": "Inicio de sesión fallido",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The filter's kinds: the part of an action before the dot. */
export const AUDIT_KINDS = {
  product: "Productos",
  order: "Pedidos",
  courier: "Repartidores",
  conversation: "Conversaciones",
  "saved-reply": "Respuestas guardadas",
  site: "Contenido del sitio",
  staff: "Usuarios",
  auth: "Inicios de sesión",
} as const;
export type AuditKind = keyof typeof AUDIT_KINDS;

export const isAuditKind = (v: string): v is AuditKind => Object.hasOwn(AUDIT_KINDS, v);

export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as AuditAction] : action;
}

/** Rows per page of 'Actividad'. */
export const AUDIT_PAGE_SIZE = 50;
