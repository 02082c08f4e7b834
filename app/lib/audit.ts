/**
 * The kinds of staff action the audit log ('Actividad') records, and how people read them.
 * Browser-safe: the server writes these names, the page filters and labels by them.
 */
export const AUDIT_ACTIONS = {
  "product.created": "Producto agregado",
  "product.updated": "Producto editado",
  "product.stock": "Stock cambiado",
  "product.deleted": "Producto eliminado",
  "product.visibility": "Producto mostrado u ocultado",
  "category.created": "Categoría agregada",
  "category.renamed": "Categoría renombrada",
  "category.moved": "Orden de categorías cambiado",
  "category.deleted": "Categoría eliminada",
  "order.created": "Pedido creado",
  "order.updated": "Pedido editado",
  "order.status": "Estado de pedido cambiado",
  "order.deleted": "Pedido eliminado",
  "order.event": "Novedad de pedido agregada",
  "order.event-deleted": "Novedad de pedido eliminada",
  "order.settings": "Ajustes de seguimiento guardados",
  "shipment.created": "Embarque creado",
  "shipment.updated": "Embarque editado",
  "shipment.deleted": "Embarque eliminado",
  "shipment.parcels-added": "Paquetes añadidos a un embarque",
  "shipment.parcel-removed": "Paquete quitado de un embarque",
  "shipment.event": "Novedad para un embarque",
  "courier.created": "Repartidor agregado",
  "courier.updated": "Repartidor editado",
  "courier.deleted": "Repartidor eliminado",
  "conversation.status": "Conversación resuelta o reabierta",
  "conversation.renamed": "Conversación renombrada",
  "conversation.deleted": "Conversación eliminada",
  "conversation.assigned": "Conversación asignada",
  "conversation.reassigned": "Conversación reasignada",
  "conversation.unassigned": "Asignación removida",
  "contact.updated": "Contacto editado",
  "contact.merged": "Contactos combinados",
  "contact.unmerged": "Combinación de contactos deshecha",
  "saved-reply.created": "Respuesta guardada agregada",
  "saved-reply.updated": "Respuesta guardada editada",
  "saved-reply.deleted": "Respuesta guardada eliminada",
  "site.text": "Textos del sitio guardados",
  "site.settings": "Apariencia guardada",
  "site.banner": "Banner cambiado",
  "site.images": "Imágenes del sitio cambiadas",
  "site.announcement": "Aviso guardado",
  "site.announcement-deleted": "Aviso eliminado",
  "site.special-hours": "Fecha especial guardada",
  "site.special-hours-deleted": "Fecha especial eliminada",
  "site.prices": "Precios guardados",
  "staff.created": "Usuario agregado",
  "staff.role": "Rol cambiado",
  "staff.deactivated": "Usuario desactivado",
  "staff.reactivated": "Usuario reactivado",
  "staff.password-reset": "Contraseña restablecida",
  "staff.password-changed": "Contraseña propia cambiada",
  "staff.sessions-ended": "Sesiones cerradas",
  "staff.password-check-failed": "Contraseña actual incorrecta",
  "staff.invitation-sent": "Invitación enviada",
  "staff.reset-link-sent": "Enlace para restablecer contraseña enviado",
  "staff.reset-requested": "Enlace para restablecer contraseña pedido",
  "staff.invitation-accepted": "Invitación aceptada: contraseña elegida",
  "staff.password-link-used": "Contraseña restablecida con un enlace",
  "auth.sign-in": "Inicio de sesión",
  "auth.sign-in-failed": "Inicio de sesión fallido",
  "backup.created": "Copia de seguridad creada",
  "backup.failed": "Copia de seguridad fallida",
  "backup.downloaded": "Copia de seguridad descargada",
  "backup.restored": "Copia de seguridad restaurada",
  "backup.restore-failed": "Restauración fallida",
  "auth.sign-out": "Cierre de sesión",
  "push.subscribed": "Notificaciones activadas en un dispositivo",
  "push.unsubscribed": "Notificaciones desactivadas en un dispositivo",
  "agent.status": "Estado de agente cambiado",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The filter's kinds: the part of an action before the dot. */
export const AUDIT_KINDS = {
  product: "Productos",
  category: "Categorías",
  order: "Pedidos",
  courier: "Repartidores",
  conversation: "Conversaciones",
  contact: "Contactos",
  "saved-reply": "Respuestas guardadas",
  site: "Contenido del sitio",
  staff: "Usuarios",
  auth: "Inicios de sesión",
  backup: "Copias de seguridad",
  push: "Notificaciones",
  agent: "Estado de agentes",
} as const;
export type AuditKind = keyof typeof AUDIT_KINDS;

/**
 * What a 'site.images' row records as its change (`changes.what`), and how people read it. Rows
 * written before these keys hold the words themselves, shown as they are.
 */
export const AUDIT_IMAGE_CHANGES = {
  "main-new": "imagen principal nueva",
  "gallery-added": "imagen añadida a la galería",
  "main-set": "establecida como principal",
  "main-style": "ajustes de la imagen principal",
  "carousel-settings": "configuración del carrusel",
  reordered: "orden cambiado",
  deleted: "imagen eliminada",
  "alt-text": "descripción cambiada",
  added: "imagen añadida",
  activated: "imagen activada",
  deactivated: "imagen desactivada",
} as const;
export type AuditImageChange = keyof typeof AUDIT_IMAGE_CHANGES;

/** The carousels a 'site.images' row names as its record. */
export const AUDIT_CAROUSELS = {
  hero: "Carrusel principal",
  "customer-photos": "Clientes satisfechos",
} as const;
export type AuditCarousel = keyof typeof AUDIT_CAROUSELS;

const labelOf = (table: Record<string, string>, key: string): string =>
  (Object.hasOwn(table, key) ? table[key] : undefined) ?? key;

/** A row's record as people read it: a carousel's name for its images, else as written. */
export function auditTargetLabel(action: string, target: string): string {
  return action === "site.images" ? labelOf(AUDIT_CAROUSELS, target) : target;
}

/** A changed value as people read it: the change of an image row by its key, else as written. */
export function auditValueLabel(field: string, value: unknown): unknown {
  return field === "what" && typeof value === "string" ? labelOf(AUDIT_IMAGE_CHANGES, value) : value;
}

export const isAuditKind = (v: string): v is AuditKind => Object.hasOwn(AUDIT_KINDS, v);

export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as AuditAction] : action;
}

/** Rows per page of 'Actividad'. */
export const AUDIT_PAGE_SIZE = 50;
