import { AUDIT_ACTIONS, type AuditAction } from "~/lib/audit";
import type { AuditLookups, AuditRowInput } from "~/lib/audit-entries";
import { DEFAULT_COLORS } from "~/lib/site";

/**
 * One 'Actividad' entry of every kind the log writes (app/lib/audit.ts), as the domain functions
 * record them (app/.server/**: `recordAudit` callers): their changes, including the values that
 * used to leak (cents, storage paths, status and role keys, ids, colour triplets, E.164 numbers,
 * country codes), and the record each names, including what older rows hold (a visitor's session,
 * a backup's file name, a staff member's e-mail, a push service's host). Shared by the tests of
 * 'Actividad' (app/routes/admin/activity/*.test.tsx).
 */

export const COURIER = "7d5c1c1e-2f63-4e0e-9d2b-6c1f0b8a9e01";
export const IMG = "/files/product-images/public/1732570000000-ab12cd.webp";
export const SAMPLE_LOOKUPS: AuditLookups = {
  couriers: { [COURIER]: "Pedro Ruiz" },
  categories: { artesania: "Artesanía", comida: "Comida" },
};

/**
 * One entry of every kind the log writes, with the changes the domain functions record
 * (app/.server/**: `recordAudit` callers), including the values that used to leak: cents,
 * storage paths, status and role keys, ids, colour triplets and E.164 numbers.
 */
export const AUDIT_SAMPLE_CHANGES: Record<AuditAction, Record<string, unknown> | null> = {
  "product.created": {
    name: "Café Pilón",
    description: "Molido",
    category: "comida",
    stockQuantity: 5,
    fontFamily: "Inter",
    isOnSale: false,
    saleInfo: null,
    priceCents: 450,
    salePriceCents: null,
    imageUrl: IMG,
  },
  "product.updated": {
    priceCents: [450, 399],
    salePriceCents: [null, 350],
    isOnSale: [false, true],
    category: ["comida", "artesania"],
    imageUrl: [IMG, null],
  },
  "product.stock": { stockQuantity: [0, 1] },
  "product.deleted": { name: "Café Pilón", priceCents: 399, imageUrl: IMG },
  "product.visibility": { visible: [true, false] },
  "category.created": { label: "Bebidas", position: 5 },
  "category.renamed": { label: ["Comida", "Comida típica"] },
  "category.moved": { position: [5, 4] },
  "category.deleted": { label: "Bebidas" },
  "order.created": {
    customerName: "Ana",
    customerPhone: "+50681234567",
    status: "en_local",
    deliveryPersonId: null,
    orderTotal: "$20",
  },
  "order.updated": {
    status: ["en_local", "en_reparto"],
    deliveryPersonId: [null, COURIER],
    customerPhone: ["+13055550100", "+50588881234"],
  },
  "order.status": { status: ["en_reparto", "entregado"] },
  "order.deleted": {
    customerName: "Ana",
    status: "cancelado",
    deliveryPersonId: "00000000-0000-4000-8000-000000000000",
  },
  "courier.created": { name: "Pedro Ruiz", phone: "+50588881234" },
  "courier.updated": { phone: ["+50588881234", "+50688887777"] },
  "courier.deleted": { name: "Pedro Ruiz", phone: "+50688887777" },
  "conversation.status": { status: ["open", "resolved"] },
  "conversation.renamed": { customName: [null, "Doña Marta"] },
  "conversation.deleted": null,
  "conversation.assigned": { agent: "Luis" },
  "conversation.reassigned": { agent: ["Luis", "Lupe"] },
  "conversation.unassigned": null,
  "saved-reply.created": { title: "Horario", body: "Abrimos a las 9." },
  "saved-reply.updated": { body: ["Abrimos a las 9.", "Abrimos a las 8."] },
  "saved-reply.deleted": null,
  "site.text": {
    contactPhone: ["+13055550100", "+17865550123"],
    whatsappNumber: ["", "+50588881234"],
    businessHoursSunday: ["Cerrado", "10:00 AM - 1:00 PM"],
    whatsappLink: ["https://wa.me/13055550100", "https://wa.me/50588881234"],
  },
  "site.settings": {
    "color.primary": [DEFAULT_COLORS.primary, "0 74% 42%"],
    "color.background": [DEFAULT_COLORS.background, "0 0% 100%"],
    logoUrl: ["", "/files/site-assets/public/logo-1732570000000.webp"],
    logoSize: [50, 72],
    logoTop: ["0px", "4px"],
    fontFamily: ["Poppins", "Nunito"],
  },
  "site.banner": {
    bannerImageUrl: ["", "/files/site-assets/public/banners_hero/1732570000000-ab12cd.webp"],
  },
  "site.prices": {
    "box:caja-20": ["1. 20×20×20 pulgadas · $245", "1. 20×20×20 pulgadas · $255"],
    commission: ["15%", "12,5%"],
  },
  "site.images": {
    what: "ajustes de la imagen principal",
    object_fit: "scale-down",
    object_position_x: "left",
    object_position_y: "bottom",
    width: 80,
    height: 100,
    isEnabled: true,
    autoplaySpeed: 5500,
    showArrows: false,
    showDots: true,
    altText: "Cliente satisfecho",
  },
  "site.announcement": {
    message: "Cerrado el 25 de diciembre",
    startsAt: "24 dic 2026, 09:00",
    endsAt: ["26 dic 2026, 09:00", "27 dic 2026, 09:00"],
    active: [false, true],
  },
  "site.announcement-deleted": { message: "Cerrado el 25 de diciembre", linkUrl: "/contact" },
  "site.special-hours": { startsOn: "25 de diciembre de 2026", specialHours: "Cerrado", reason: "Navidad" },
  "site.special-hours-deleted": { startsOn: "25 de diciembre de 2026", reason: "Navidad" },
  "staff.created": { name: "Luis", role: "operador" },
  "staff.role": { role: ["operador", "admin"] },
  "staff.deactivated": null,
  "staff.reactivated": null,
  "staff.password-reset": null,
  "staff.password-changed": null,
  "staff.sessions-ended": { sessions: 3 },
  "auth.sign-in": null,
  "auth.sign-in-failed": null,
  "auth.sign-out": null,
  "order.event": { note: "Llegó a Managua", place: "Managua" },
  "shipment.created": {
    reference: "Contenedor 48",
    carrier: "MSC",
    departsOn: "2026-12-02",
    destination: "NI",
  },
  "shipment.updated": { departsOn: ["2026-12-02", "2026-12-04"] },
  "shipment.deleted": { reference: "Contenedor 48", parcels: 2 },
  "shipment.parcels-added": { parcels: "TRK-2026-ABC123, TRK-2026-DEF456" },
  "shipment.parcel-removed": { parcels: "TRK-2026-ABC123" },
  "shipment.event": {
    parcels: 40,
    status: "enviando",
    note: "Salió de Miami",
    place: "Miami",
    eventAt: "2 dic, 6:30 p. m.",
  },
  "order.event-deleted": { note: "Llegó a Managua", place: "Managua", status: "enviando" },
  "order.settings": {
    showDeliveryDetails: [false, true],
    transitDays: [
      { NI: { min: 10, max: 14 } },
      { NI: { min: 10, max: 14 }, CR: { min: 5, max: 7 }, GT: null },
    ],
    mailStatuses: [
      ["enviando", "entregado"],
      ["enviando", "en_reparto", "entregado"],
    ],
    mailEvents: [true, false],
  },
  "contact.updated": { phone: ["+50588881234", "+50588887777"], email: [null, "ana@example.com"] },
  "contact.merged": { merged: "Visitante 1002", phone: "+50588881234", email: null },
  "contact.unmerged": { from: "Rosa Pérez" },
  "staff.password-check-failed": null,
  "staff.invitation-sent": null,
  "staff.reset-link-sent": null,
  "staff.reset-requested": null,
  "staff.invitation-accepted": null,
  "staff.password-link-used": null,
  "backup.created": {
    tipo: "manual",
    bytes: 63_800_000,
    pedidos: 55,
    conversaciones: 1,
    productos: 130,
    archivos: 500,
    s3: "backups/minimarket-2026-11-26.tar.gz",
  },
  "backup.failed": { tipo: "scheduled", error: "No queda espacio en el disco." },
  "backup.downloaded": null,
  "backup.restored": {},
  "backup.restore-failed": { error: "La copia no coincide con el manifiesto." },
  "push.subscribed": null,
  "push.unsubscribed": null,
  "agent.status": { status: ["online", "away"] },
};

export const STAFF_ID = "3f0b7a52-8d4e-4c1a-9b7e-2a6c5d4e3f21";
export const AGENT_ID = "5a1e2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b";
/** A conversation that still exists: its name is looked up ('Rosa'). */
export const SESSION = "session_1795865591421_nxjpkma5rj55";
/** A conversation deleted since: only its recorded reference is left. */
export const GONE_SESSION = "session_1795865500000_abcdef123456";

SAMPLE_LOOKUPS.staff = { [STAFF_ID]: "Lucía" };
SAMPLE_LOOKUPS.conversations = { [SESSION]: "Rosa" };
SAMPLE_LOOKUPS.agents = { [AGENT_ID]: "Luis" };

/** What each kind of row names as its record, and who wrote it (null: the system or nobody signed in). */
function recordOf(action: AuditAction): Pick<AuditRowInput, "entityId" | "target" | "actorName"> {
  const kind = action.split(".")[0];
  const by = (actorName: string | null, entityId: string | null, target: string | null) => ({
    actorName,
    entityId,
    target,
  });
  switch (kind) {
    case "product":
      return by("Dueña", COURIER, "Café Pilón");
    case "category":
      return by("Dueña", "bebidas", "Bebidas");
    case "order":
      return by("Dueña", COURIER, "TRK-2026-ABC123");
    case "shipment":
      return by("Dueña", COURIER, "Contenedor 48");
    case "courier":
      return by("Dueña", COURIER, "Pedro Ruiz");
    case "conversation":
      // Rows written before issue 42 named a conversation without a rename by its session.
      return action === "conversation.deleted"
        ? by("Dueña", GONE_SESSION, GONE_SESSION)
        : by("Dueña", SESSION, SESSION);
    case "contact":
      return by("Dueña", COURIER, "Rosa Pérez");
    case "saved-reply":
      return by("Dueña", COURIER, "Horario");
    case "staff":
      return by(action === "staff.reset-requested" ? null : "Dueña", STAFF_ID, "lucia@tienda.com");
    case "auth":
      return by(action === "auth.sign-in-failed" ? null : "Dueña", STAFF_ID, "dueña@tienda.com");
    case "backup":
      return by(
        action === "backup.created" ? null : "Dueña",
        COURIER,
        "minimarket-2026-11-28-112716Z.tar.gz",
      );
    case "push":
      return by("Dueña", STAFF_ID, "fcm.googleapis.com");
    case "agent":
      // Written before issue 42 without whose status it was.
      return by("Luis", AGENT_ID, null);
    default:
      return action === "site.images"
        ? by("Dueña", COURIER, "hero")
        : action.startsWith("site.announcement")
          ? by("Dueña", COURIER, "Cerrado el 25 de diciembre")
          : action.startsWith("site.special-hours")
            ? by("Dueña", COURIER, "Navidad")
            : by("Dueña", null, null);
  }
}

/** Every kind of row, as the log holds it (newest first, one minute apart). */
export const AUDIT_SAMPLE_ROWS: AuditRowInput[] = (Object.keys(AUDIT_ACTIONS) as AuditAction[]).map(
  (action, i) => ({
    id: i + 1,
    at: new Date(Date.UTC(2026, 10, 25, 15, 0) - i * 60_000).toISOString(),
    action,
    changes: AUDIT_SAMPLE_CHANGES[action],
    ...recordOf(action),
  }),
);
