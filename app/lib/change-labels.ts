import { auditValueLabel } from "./audit";
import { AGENT_STATUS_LABELS } from "./chat";
import { hslToHex } from "./colors";
import { formatDayRange } from "./dates";
import { ORDER_STATUSES, STATUS_INFO } from "./orders";
import { boxLine, type ContentLine, contentsLine, formatPounds } from "./parcel";
import { ROLE_LABELS } from "./permissions";
import { displayPhone, PHONE_COUNTRIES } from "./phone";
import { findJargon } from "./plain-words";
import { plural } from "./plural";
import { formatPrice } from "./prices";
import { COLOR_KEYS, type ColorKey, SITE_TEXT_KEYS, type SiteText } from "./site";

/**
 * What a recorded change says to the owner (docs/product.md §3.2 'Historial de cambios', §3.7
 * 'Actividad'): each changed setting by its Spanish label, before → after, colours as swatches,
 * prices as money, pictures as thumbnails, statuses and roles in words. Never an internal key, a
 * value in cents or a storage path. The server describes (it knows the couriers' and categories'
 * names); the pages render the lines with ChangeList (app/components/staff/change-list.tsx).
 */

/** One value as the page shows it. */
export type ChangeValue =
  | { kind: "text"; text: string }
  | { kind: "color"; text: string; css: string }
  | { kind: "image"; url: string; text: string }
  | { kind: "none"; text: string };

/** One line: a field that went from one value to another, or the value of a created/deleted record. */
export type ChangeLine =
  | { label: string; before: ChangeValue; after: ChangeValue }
  | { label: string; value: ChangeValue };

/** Names the log cannot know from the values alone (couriers by id, categories by value). */
export type ChangeLookups = { couriers?: Record<string, string>; categories?: Record<string, string> };

type Format =
  | "text"
  | "long"
  | "box"
  | "pounds"
  | "contents"
  | "money"
  | "phone"
  | "color"
  | "image"
  | "bool"
  | "px"
  | "day"
  | "country"
  | "percent"
  | "ms"
  | "orderStatus"
  | "chatStatus"
  | "role"
  | "courier"
  | "category"
  | "visibility"
  | "fit"
  | "posX"
  | "posY"
  | "whatsapp"
  | "transit"
  | "orderStatuses"
  | "parcels"
  | "failure"
  | "backupKind"
  | "bytes"
  | "stored"
  | "count"
  | "bannerLayout";

/** A country by its code (app/lib/phone.ts), as people name it; anything else as written. */
export const countryName = (code: unknown): string =>
  PHONE_COUNTRIES.find((c) => c.code === code)?.name ?? String(code);

/** The site texts by the labels of 'Editar Textos del Sitio'. */
export const SITE_TEXT_LABELS: Record<keyof SiteText, string> = {
  heroTitle: "Título principal",
  heroSubtitle: "Subtítulo",
  shippingInfoTitle: "Título de información de envíos",
  shippingInfoBody: "Texto de información de envíos",
  servicesTitle: "Título de la página de servicios",
  servicesSubtitle: "Subtítulo de la página de servicios",
  contactTitle: "Título de la página de contacto",
  contactDescription: "Descripción de la página de contacto",
  contactEmail: "Correo electrónico",
  contactPhone: "Teléfono",
  contactAddress: "Dirección",
  whatsappNumber: "Número de WhatsApp",
  footerText: "Texto del pie de página",
  businessHoursWeekday: "Horario de lunes a viernes",
  businessHoursSaturday: "Horario del sábado",
  businessHoursSunday: "Horario del domingo",
};

/** The colours by the labels of 'Colores del Sitio'. */
export const COLOR_LABELS: Record<ColorKey, string> = {
  primary: "Color principal",
  secondary: "Color secundario",
  accent: "Color de acento",
  text: "Color del texto",
  background: "Color de fondo",
};

const TEXT_FIELDS = Object.fromEntries(
  SITE_TEXT_KEYS.map((k) => [
    k,
    {
      label: SITE_TEXT_LABELS[k],
      format: (k === "contactPhone" ? "phone" : k === "whatsappNumber" ? "whatsapp" : "long") as Format,
    },
  ]),
);

/** Every field any change records, by its Spanish label and how its values read. */
const FIELDS: Record<string, { label: string; format: Format }> = {
  ...TEXT_FIELDS,
  ...Object.fromEntries(COLOR_KEYS.map((k) => [`color.${k}`, { label: COLOR_LABELS[k], format: "color" }])),
  // Written before the WhatsApp number replaced the link (migration 0014).
  whatsappLink: { label: "Enlace de WhatsApp (anterior)", format: "text" },
  // Products
  name: { label: "Nombre", format: "text" },
  description: { label: "Descripción", format: "long" },
  category: { label: "Categoría", format: "category" },
  stockQuantity: { label: "Cantidad en stock", format: "count" },
  fontFamily: { label: "Fuente", format: "text" },
  isOnSale: { label: "En oferta", format: "bool" },
  saleInfo: { label: "Info de la oferta", format: "text" },
  priceCents: { label: "Precio", format: "money" },
  salePriceCents: { label: "Precio de oferta", format: "money" },
  imageUrl: { label: "Imagen", format: "image" },
  visible: { label: "En la tienda", format: "visibility" },
  // Categories (products tab, 'Categorías')
  label: { label: "Nombre de la categoría", format: "text" },
  position: { label: "Posición", format: "count" },
  // Price list (/admin/precios): recorded already in words ('20×20×20 pulgadas · $245', '15%')
  commission: { label: "Comisión de Personal Shop", format: "text" },
  pricePerPound: { label: "Envío de Personal Shop por libra", format: "text" },
  // Announcements and special dates (/admin/avisos): times recorded already in words
  message: { label: "Aviso", format: "long" },
  linkUrl: { label: "Enlace", format: "text" },
  startsAt: { label: "Desde", format: "text" },
  endsAt: { label: "Hasta", format: "text" },
  active: { label: "Mostrar", format: "bool" },
  startsOn: { label: "Desde el día", format: "text" },
  endsOn: { label: "Hasta el día", format: "text" },
  specialHours: { label: "Horario", format: "text" },
  reason: { label: "Motivo", format: "text" },
  // Orders and couriers
  customerName: { label: "Cliente", format: "text" },
  customerPhone: { label: "Teléfono", format: "phone" },
  customerAddress: { label: "Dirección", format: "text" },
  orderDescription: { label: "Descripción", format: "long" },
  orderTotal: { label: "Total", format: "text" },
  status: { label: "Estado", format: "orderStatus" },
  deliveryPersonId: { label: "Repartidor", format: "courier" },
  estimatedDeliveryTime: { label: "Tiempo estimado", format: "text" },
  customerNote: { label: "Nota para el cliente", format: "long" },
  internalNote: { label: "Nota interna", format: "long" },
  // Orders audited before the two notes (issue 39): their one note was staff's.
  notes: { label: "Nota interna", format: "long" },
  phone: { label: "Teléfono", format: "phone" },
  destination: { label: "Destino", format: "country" },
  expectedFrom: { label: "Entrega estimada desde", format: "text" },
  expectedTo: { label: "Entrega estimada hasta", format: "text" },
  senderName: { label: "Remitente", format: "text" },
  senderPhone: { label: "Teléfono del remitente", format: "phone" },
  senderEmail: { label: "Correo del remitente", format: "text" },
  box: { label: "Caja", format: "box" },
  weightLb: { label: "Peso", format: "pounds" },
  contents: { label: "Contenido declarado", format: "contents" },
  note: { label: "Nota", format: "long" },
  place: { label: "Lugar", format: "text" },
  // Shipments ('Embarques'): the event's time recorded already in words
  reference: { label: "Embarque", format: "text" },
  carrier: { label: "Transportista o contenedor", format: "text" },
  departsOn: { label: "Sale el día", format: "day" },
  // The tracking numbers added or removed, in words already, or how many got an event.
  parcels: { label: "Paquetes", format: "parcels" },
  eventAt: { label: "Fecha de la novedad", format: "text" },
  showDeliveryDetails: { label: "Mostrar datos de entrega", format: "bool" },
  transitDays: { label: "Días de tránsito", format: "transit" },
  mailStatuses: { label: "Avisos por correo al pasar a", format: "orderStatuses" },
  mailEvents: { label: "Avisar por correo cada novedad", format: "bool" },
  // Contacts
  email: { label: "Correo", format: "text" },
  merged: { label: "Combinado con", format: "text" },
  from: { label: "Separado de", format: "text" },
  // Backups (their rows are written with Spanish keys)
  tipo: { label: "Tipo", format: "backupKind" },
  bytes: { label: "Tamaño", format: "bytes" },
  // What a copy holds: read together as one line 'Contiene' (BACKUP_COUNTS below).
  pedidos: { label: "Contiene", format: "count" },
  conversaciones: { label: "Contiene", format: "count" },
  productos: { label: "Contiene", format: "count" },
  // Written before the copies counted orders, conversations and products: every row of the database.
  filas: { label: "Contiene", format: "count" },
  archivos: { label: "Contiene", format: "count" },
  s3: { label: "Copia externa", format: "stored" },
  error: { label: "Motivo", format: "failure" },
  // Conversations, saved replies, staff
  customName: { label: "Nombre", format: "text" },
  agent: { label: "Agente", format: "text" },
  title: { label: "Título", format: "text" },
  body: { label: "Texto", format: "long" },
  role: { label: "Rol", format: "role" },
  sessions: { label: "Sesiones cerradas", format: "count" },
  // Appearance, banner, images
  logoUrl: { label: "Logo", format: "image" },
  logoSize: { label: "Tamaño del logo", format: "px" },
  logoTop: { label: "Posición del logo (arriba)", format: "text" },
  logoLeft: { label: "Posición del logo (izquierda)", format: "text" },
  bannerImageUrl: { label: "Banner", format: "image" },
  bannerLayout: { label: "Cómo se muestra el banner", format: "bannerLayout" },
  siteName: { label: "Nombre del sitio", format: "text" },
  altText: { label: "Descripción de la imagen", format: "text" },
  isEnabled: { label: "Carrusel activado", format: "bool" },
  autoplaySpeed: { label: "Velocidad", format: "ms" },
  showArrows: { label: "Flechas", format: "bool" },
  showDots: { label: "Puntos", format: "bool" },
  object_fit: { label: "Ajuste", format: "fit" },
  object_position_x: { label: "Posición horizontal", format: "posX" },
  object_position_y: { label: "Posición vertical", format: "posY" },
  width: { label: "Ancho", format: "percent" },
  height: { label: "Alto", format: "percent" },
};

const FITS: Record<string, string> = {
  cover: "Cubrir",
  contain: "Contener",
  fill: "Rellenar",
  none: "Tamaño original",
  "scale-down": "Reducir si no cabe",
};
/** The banner's layouts as the banner screen names them. */
export const BANNER_LAYOUT_LABELS: Record<string, string> = {
  overlay: "Con el título encima y la imagen oscurecida",
  title: "Con el título encima, sin oscurecer",
  full: "Completo, sin nada encima (título debajo)",
};
const POS_X: Record<string, string> = { left: "Izquierda", center: "Centro", right: "Derecha" };
const POS_Y: Record<string, string> = { top: "Arriba", center: "Centro", bottom: "Abajo" };
const CHAT_STATUS: Record<string, string> = { open: "Abierta", resolved: "Resuelta" };
const BACKUP_KINDS: Record<string, string> = {
  manual: "Desde el panel",
  scheduled: "Programada",
  command: "Hecha por el técnico",
  "pre-migration": "Antes de actualizar",
};
const MAX_TEXT = 160;

const none = (text = "Vacío"): ChangeValue => ({ kind: "none", text });
const text = (t: string): ChangeValue => ({ kind: "text", text: t });
const words = (v: unknown) => {
  const s = String(v).replace(/\s+/g, " ").trim();
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s;
};

/** One destination's transit days: '10 a 14 días', '7 días' (older rows), or none set. */
function transitWords(n: unknown): string {
  if (n && typeof n === "object") {
    const { min, max } = n as { min?: unknown; max?: unknown };
    if (typeof min === "number" && typeof max === "number")
      return min === max ? plural(min, "día", "días") : `${min} a ${max} días`;
  }
  if (typeof n === "number") return plural(n, "día", "días");
  return "sin fecha estimada";
}

/** What a backup holds, in the order the line reads, each with the thing it counts. */
const BACKUP_COUNTS: Record<string, [one: string, many: string]> = {
  pedidos: ["pedido", "pedidos"],
  conversaciones: ["conversación", "conversaciones"],
  productos: ["producto", "productos"],
  filas: ["registro", "registros"],
  archivos: ["imagen", "imágenes"],
};

/** Each field's place in FIELDS: a change's lines always read in that order, whatever the storage did. */
const FIELD_ORDER = new Map(Object.keys(FIELDS).map((k, i) => [k, i]));
const fieldOrder = (key: string) => FIELD_ORDER.get(key.startsWith("box:") ? "box" : key) ?? FIELD_ORDER.size;

const fromTable = (table: Record<string, string>, v: unknown) =>
  Object.hasOwn(table, String(v)) ? text(table[String(v)] as string) : text("Otro valor");

/** One recorded value as the owner reads it. */
export function describeValue(
  key: string,
  v: unknown,
  lookups: ChangeLookups = {},
  action = "",
): ChangeValue {
  const format = FIELDS[key]?.format ?? "text";
  if (format === "whatsapp") {
    return v == null || v === "" ? text("El mismo número del teléfono") : text(displayPhone(String(v)));
  }
  if (format === "courier" && (v == null || v === "")) return text("No asignado");
  if (v == null || v === "") return format === "image" ? none("Sin imagen") : none();
  switch (format) {
    case "money":
      return typeof v === "number" ? text(formatPrice(v)) : text(words(v));
    case "phone":
      return text(displayPhone(String(v)));
    case "color": {
      const hex = hslToHex(String(v));
      return { kind: "color", text: hex, css: `hsl(${String(v)})` };
    }
    case "image":
      return { kind: "image", url: String(v), text: "Imagen" };
    case "bool":
      return text(v === true || v === "true" ? "Sí" : "No");
    case "backupKind":
      return Object.hasOwn(BACKUP_KINDS, String(v))
        ? text(BACKUP_KINDS[String(v)] as string)
        : text(words(v));
    case "bytes": {
      const mb = Number(v) / (1024 * 1024);
      return Number.isFinite(mb)
        ? text(`${mb.toLocaleString("es", { maximumFractionDigits: 1 })} MB`)
        : none();
    }
    case "stored":
      // Where a copy went is for the technician; the owner reads that it exists.
      return text("Guardada");
    case "transit": {
      // Days in transit per destination: 'Nicaragua: 10 a 14 días · Costa Rica: sin fecha estimada'.
      if (typeof v !== "object") return text(words(v));
      const parts = Object.entries(v as Record<string, unknown>).map(
        ([k, n]) => `${countryName(k)}: ${transitWords(n)}`,
      );
      return parts.length ? text(words(parts.join(" · "))) : none();
    }
    case "orderStatuses": {
      // The statuses whose change e-mails a parcel's followers: 'Enviando, En reparto'.
      const list = (Array.isArray(v) ? v : [v]).map((s) =>
        (ORDER_STATUSES as readonly string[]).includes(String(s))
          ? STATUS_INFO[s as (typeof ORDER_STATUSES)[number]].label
          : "Otro estado",
      );
      return list.length ? text(words(list.join(", "))) : none("Ninguno");
    }
    case "parcels":
      // How many parcels got an event or went with a deleted shipment, or their numbers in words.
      return typeof v === "number" ? text(plural(v, "paquete", "paquetes")) : text(words(v));
    case "failure": {
      // What went wrong, when it reads as she speaks; a technician's message stays on the backups page.
      const said = words(v);
      return text(
        findJargon(said).length === 0 ? said : "No se pudo terminar (los detalles, en Copias de seguridad)",
      );
    }
    case "box":
      return text(boxLine(String(v), null) ?? words(v));
    case "pounds":
      return Number.isFinite(Number(v)) ? text(formatPounds(Number(v))) : text(words(v));
    case "contents":
      return Array.isArray(v) ? text(contentsLine(v as ContentLine[])) : text(words(v));
    case "px":
      return text(`${words(v)} px`);
    case "day":
      return text(formatDayRange(String(v), String(v)) || words(v));
    case "country":
      return text(PHONE_COUNTRIES.find((c) => c.code === v)?.name ?? words(v));
    case "percent":
      return text(`${words(v)} %`);
    case "ms": {
      const seconds = Number(v) / 1000;
      return Number.isFinite(seconds) ? text(`${seconds.toLocaleString("es")} segundos`) : text(words(v));
    }
    case "orderStatus":
      if (action.startsWith("conversation.")) return fromTable(CHAT_STATUS, v);
      if (action.startsWith("agent.")) return fromTable(AGENT_STATUS_LABELS, v);
      return (ORDER_STATUSES as readonly string[]).includes(String(v))
        ? text(STATUS_INFO[v as (typeof ORDER_STATUSES)[number]].label)
        : fromTable(CHAT_STATUS, v);
    case "chatStatus":
      return fromTable(CHAT_STATUS, v);
    case "role":
      return fromTable(ROLE_LABELS, v);
    case "courier":
      return text(lookups.couriers?.[String(v)] ?? "Repartidor eliminado");
    case "visibility":
      return text(v === true || v === "true" ? "Visible" : "Oculto");
    case "category":
      return text(lookups.categories?.[String(v)] ?? words(v));
    case "fit":
      return fromTable(FITS, v);
    case "posX":
      return fromTable(POS_X, v);
    case "bannerLayout":
      return fromTable(BANNER_LAYOUT_LABELS, v);
    case "posY":
      return fromTable(POS_Y, v);
    default:
      return text(words(v));
  }
}

/** A field's Spanish label; a field this list does not know reads 'Otro dato', never its key. */
export function fieldLabel(key: string): string {
  // The price list's boxes are recorded one per key ('box:<id>'), each with its own words.
  if (key.startsWith("box:")) return "Caja";
  return FIELDS[key]?.label ?? "Otro dato";
}

/**
 * The lines of one recorded change: `changes` holds [before, after] per changed field, or the
 * values of a created or deleted record. `what` (an image change by its key,
 * app/lib/audit.ts, or the words older rows hold) is the entry's summary, returned apart.
 */
export function describeChanges(
  changes: Record<string, unknown> | null | undefined,
  lookups: ChangeLookups = {},
  action = "",
): { summary: string | null; lines: ChangeLine[] } {
  if (!changes) return { summary: null, lines: [] };
  let summary: string | null = null;
  const lines: ChangeLine[] = [];
  // The database keeps a row's keys in an order of its own: read them in FIELDS' order, the price
  // list's boxes by their number ('1. …', '2. …').
  const boxNumber = (v: unknown) => Number.parseInt(String(Array.isArray(v) ? (v[1] ?? v[0]) : v), 10) || 0;
  const entries = Object.entries(changes).sort(
    ([a, va], [b, vb]) =>
      fieldOrder(a) - fieldOrder(b) || boxNumber(va) - boxNumber(vb) || a.localeCompare(b),
  );
  const held: string[] = [];
  for (const [key, v] of entries) {
    if (key === "what") {
      summary = words(auditValueLabel(key, v));
      continue;
    }
    const things = Object.hasOwn(BACKUP_COUNTS, key) ? BACKUP_COUNTS[key] : undefined;
    if (things) {
      if (typeof v === "number" && Number.isFinite(v)) held.push(plural(v, ...things));
      continue;
    }
    const label = fieldLabel(key);
    if (Array.isArray(v) && v.length === 2) {
      lines.push({
        label,
        before: describeValue(key, v[0], lookups, action),
        after: describeValue(key, v[1], lookups, action),
      });
    } else {
      lines.push({ label, value: describeValue(key, v, lookups, action) });
    }
  }
  if (held.length > 0) {
    // 'Contiene: 55 pedidos · 12 conversaciones · 30 productos · 500 imágenes', after the size.
    const at = lines.findIndex((l) => l.label === fieldLabel("s3") || l.label === fieldLabel("error"));
    const line: ChangeLine = { label: fieldLabel("pedidos"), value: text(held.join(" · ")) };
    lines.splice(at === -1 ? lines.length : at, 0, line);
  }
  return { summary, lines };
}

/**
 * The lines between two saved versions of the same settings (the history's 'what changed'):
 * the keys of `keys` whose value differs, before → after.
 */
export function diffLines(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  keys: readonly string[],
): ChangeLine[] {
  const lines: ChangeLine[] = [];
  for (const key of keys) {
    const a = before ? (before[key] ?? null) : null;
    const b = after[key] ?? null;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    lines.push(
      before
        ? { label: fieldLabel(key), before: describeValue(key, a), after: describeValue(key, b) }
        : { label: fieldLabel(key), value: describeValue(key, b) },
    );
  }
  return lines;
}
