import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, type AuditAction, auditActionLabel } from "~/lib/audit";
import { type ChangeLookups, describeChanges, diffLines } from "~/lib/change-labels";
import { DEFAULT_COLORS, SITE_SETTINGS_DEFAULTS, SITE_TEXT_DEFAULTS, SITE_TEXT_KEYS } from "~/lib/site";
import { renderRoute } from "~/test/render-route";
import { ContentHistory } from "../panel/texts/content-history";
import { ActivityLog } from "./activity-log";

const COURIER = "7d5c1c1e-2f63-4e0e-9d2b-6c1f0b8a9e01";
const IMG = "/files/product-images/public/1732570000000-ab12cd.webp";
const lookups: ChangeLookups = {
  couriers: { [COURIER]: "Pedro Ruiz" },
  categories: { artesania: "Artesanía", comida: "Comida" },
};

/**
 * One entry of every kind the log writes, with the changes the domain functions record
 * (app/.server/**: `recordAudit` callers), including the values that used to leak: cents,
 * storage paths, status and role keys, ids, colour triplets and E.164 numbers.
 */
const ENTRIES: Record<AuditAction, Record<string, unknown> | null> = {
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
    transitDays: [{}, { Nicaragua: 7, "Costa Rica": 5 }],
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
    filas: 20_500,
    archivos: 500,
    s3: "backups/minimarket-2026-11-26.tar.gz",
  },
  "backup.failed": { tipo: "scheduled", error: "No queda espacio en el disco." },
  "backup.downloaded": null,
  "push.subscribed": null,
  "push.unsubscribed": null,
  "agent.status": { status: ["online", "away"] },
};

/** What must never reach the owner's eyes: keys, ids, cents, storage paths, raw values. */
const LEAKS = [
  ...SITE_TEXT_KEYS,
  "whatsappLink",
  "color.",
  "Cents",
  "deliveryPersonId",
  "imageUrl",
  "logoUrl",
  "bannerImageUrl",
  "object_",
  "autoplaySpeed",
  "isOnSale",
  "stockQuantity",
  "customName",
  "en_local",
  "en_reparto",
  "cancelado",
  "resolved",
  "open",
  "scale-down",
  "operador",
  "/files/",
  "site-assets",
  "product-images",
  ".webp",
  "450",
  "399",
  "350",
  "+1305",
  "+5068",
  "+5058",
  COURIER,
  "00000000-",
  "0 74% 42%",
  DEFAULT_COLORS.primary,
];

const rows = (Object.keys(AUDIT_ACTIONS) as AuditAction[]).map((action, i) => ({
  id: i + 1,
  at: "2026-11-25T15:00:00.000Z",
  actorName: action.startsWith("auth.") ? null : "Dueña",
  system: !action.startsWith("auth."),
  label: auditActionLabel(action),
  target: action.startsWith("order.") ? "TRK-2026-ABC123" : null,
  ...describeChanges(ENTRIES[action], lookups, action),
}));

function expectNoLeaks(text: string) {
  for (const leak of LEAKS) expect(text, `shows '${leak}'`).not.toContain(leak);
}

describe("'Actividad' in the owner's words", () => {
  it("renders every kind of entry without an internal key, a value in cents or a storage path", () => {
    const { container } = renderRoute(
      () => (
        <ActivityLog
          rows={rows}
          total={rows.length}
          page={1}
          pages={1}
          filters={{ persona: "", tipo: "", desde: "", hasta: "" }}
          people={[]}
          keptDays={180}
        />
      ),
      { path: "/admin/users/activity" },
    );
    const text = container.textContent ?? "";
    expectNoLeaks(text);
    // …and says what happened instead.
    for (const words of [
      "Precio:$4.50",
      "$3.99",
      "Estado:En el local",
      "Paquetes:TRK-2026-ABC123, TRK-2026-DEF456",
      "Destino:Nicaragua",
      "Sale el día:2 de diciembre",
      "En reparto",
      "Repartidor:No asignado",
      "Pedro Ruiz",
      "Repartidor eliminado",
      "Categoría:ComidaArtesanía",
      "Teléfono:(305) 555-0100+505 8888 1234",
      "Número de WhatsApp:El mismo número del teléfono+505 8888 1234",
      "Color principal:#227745#ba1c1c",
      "Rol:OperadorAdministrador",
      "Estado:AbiertaResuelta",
      "Ajuste:Reducir si no cabe",
      "Velocidad:5,5 segundos",
      "ajustes de la imagen principal",
      "En la tienda:VisibleOculto",
      "Nombre de la categoría:ComidaComida típica",
      "Posición:54",
    ]) {
      expect(text.replace(/\s+/g, " ")).toContain(words);
    }
    // Pictures are thumbnails, not paths.
    expect(screen.getAllByRole("img", { name: "Imagen" }).length).toBeGreaterThan(3);
  });
});

describe("'Historial de cambios' in the owner's words", () => {
  it("shows what each save changed, before → after, and offers 'Restaurar' for earlier versions", () => {
    const settingsKeys = ["color.primary", "logoUrl", "fontFamily", "bannerImageUrl"];
    const changes = [
      {
        id: "a",
        kind: "settings" as const,
        changedAt: "2026-11-25T15:00:00.000Z",
        changedBy: "Dueña",
        restorable: false,
        lines: diffLines(
          { "color.primary": DEFAULT_COLORS.primary, logoUrl: "", fontFamily: "Poppins" },
          {
            "color.primary": "0 74% 42%",
            logoUrl: "/files/site-assets/public/logo-1.webp",
            fontFamily: SITE_SETTINGS_DEFAULTS.fontFamily,
          },
          settingsKeys,
        ),
      },
      {
        id: "b",
        kind: "text" as const,
        changedAt: "2026-11-25T14:00:00.000Z",
        changedBy: "Dueña",
        restorable: true,
        lines: diffLines(
          { ...SITE_TEXT_DEFAULTS },
          { ...SITE_TEXT_DEFAULTS, contactPhone: "+17865550123", heroTitle: "Bienvenidos" },
          SITE_TEXT_KEYS,
        ),
      },
    ];
    const { container } = renderRoute(() => <ContentHistory changes={changes} />, { path: "/admin" });
    const text = (container.textContent ?? "").replace(/\s+/g, " ");
    expectNoLeaks(text);
    expect(text).toContain("Teléfono:(305) 555-0100(786) 555-0123");
    expect(text).toContain("Título principal:Tu mini market latino en MiamiBienvenidos");
    expect(text).toContain("Logo:Sin imagen");
    expect(screen.getAllByRole("button", { name: /^Restaurar/ })).toHaveLength(1);
  });
});
