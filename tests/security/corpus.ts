import { SITE_TEXT_DEFAULTS } from "../../app/lib/site";

/**
 * The bad-input corpus: what a careless client, a broken proxy or an attacker may put in any
 * field. Some of it is legitimate text (emoji, right-to-left, markup a customer might type) and
 * may be stored as typed; the rest must be refused with a 4xx and a Spanish message.
 */
export const TEXT_VALUES: Record<string, string> = {
  empty: "",
  spaces: "   ",
  huge: "x".repeat(300_000),
  nul: "ana\u0000@example.com",
  "lone surrogate": "a\uD800b",
  "right-to-left": "\u202Eأهلاً بكم\u202C",
  "zero-width": "a\u200Bb\u200D\uFEFFc",
  emoji: "🛒🇳🇮👩🏽‍🍳",
  html: '<script>alert(1)</script><img src=x onerror="alert(2)">',
  "sql-like": "' OR 1=1; DROP TABLE orders; --",
  negative: "-1",
  float: "1.5",
  nan: "NaN",
  "huge number": "1e309",
  "not a uuid": "00000000-0000-0000-0000-00000000000Z",
};

/** A random id no record has: update and delete intents then fail at the database, not before. */
export const NO_SUCH_ID = "5f0c6e2a-9b1d-4c3e-8f7a-2d4b6c8e0a1f";

export type FormTarget = {
  /** The route the form posts to. */
  path: string;
  intent?: string;
  /** A valid (or valid-looking) form; each field in turn is replaced by each corpus value. */
  base: Record<string, string>;
  /** Needs a signed-in admin. */
  staff: boolean;
};

/** Every form action of the site, with every field of every intent (site texts: one of each kind). */
export function formTargets(ctx: { clientId: string }): FormTarget[] {
  const order = {
    customerName: "Cliente Corpus",
    customerPhone: "+1 305 555 0100",
    customerAddress: "SW 8th St, Miami",
    orderDescription: "Caja corpus",
    orderTotal: "$10",
  };
  const product = { name: "Producto corpus", description: "x", stockQuantity: "1", category: "comida" };
  const texts = {
    ...SITE_TEXT_DEFAULTS,
    contactEmail: "info@example.com",
    contactPhone: "+1 305 555 0100",
    // A WhatsApp number of its own ('Usar el mismo número' off), so the corpus reaches its check.
    whatsappNumber: "+505 8888 1234",
  };
  const c = ctx.clientId;
  const t = (path: string, intent: string | undefined, base: Record<string, string>, staff = true) => ({
    path,
    intent,
    base,
    staff,
  });
  return [
    t("/admin-login", undefined, { email: "nadie@example.com", password: "x", redirectTo: "/admin" }, false),
    t("/admin/orders", "create", order),
    t("/admin/orders", "update", {
      ...order,
      id: NO_SUCH_ID,
      status: "enviando",
      deliveryPersonId: "none",
      estimatedDeliveryTime: "2 días",
      customerNote: "Frágil",
      internalNote: "Cliente frecuente",
    }),
    t("/admin/orders", "status", { id: NO_SUCH_ID, status: "entregado" }),
    t("/admin/orders", "delete", { id: NO_SUCH_ID }),
    t("/admin/orders", "courier-create", { name: "Repartidor corpus", phone: "+1 305 555 0111" }),
    t("/admin/orders", "courier-update", { id: NO_SUCH_ID, name: "R", phone: "" }),
    t("/admin/orders", "courier-delete", { id: NO_SUCH_ID }),
    t("/admin/chat", "reply", { clientId: c, message: "Hola" }),
    t("/admin/chat", "read", { clientId: c }),
    t("/admin/chat", "status", { clientId: c, status: "open" }),
    t("/admin/chat", "rename", { clientId: c, name: "Cliente" }),
    t("/admin/chat", "delete", { clientId: c }),
    t("/admin/chat", "assign", { clientId: c, agentId: NO_SUCH_ID }),
    t("/admin/chat", "unassign", { clientId: c }),
    t("/admin/chat", "agent-status", {
      status: "online",
      estimatedResponseTime: "5-10 minutos",
      statusMessage: "",
    }),
    t("/admin/productos", "product-save", {
      ...product,
      fontFamily: "Inter",
      isOnSale: "false",
      saleInfo: "",
      removeImage: "true",
    }),
    t("/admin/productos", "product-save", { ...product, id: NO_SUCH_ID }),
    t("/admin/productos", "product-toggle-stock", { id: NO_SUCH_ID }),
    t("/admin/productos", "product-delete", { id: NO_SUCH_ID }),
    t("/admin/textos", "text-save", texts),
    t("/admin/textos", "text-restore", { changeId: NO_SUCH_ID }),
    t("/api/chat/agent", "heartbeat", {}),
    t("/api/chat/agent", "leave", {}),
    t("/api/chat/agent", "typing", { clientId: c, typing: "true" }),
  ];
}

/** The fields of a target the corpus goes through (site texts: one field of each kind). */
export function fieldsOf(target: FormTarget): string[] {
  if (target.intent === "text-save")
    return [
      "heroTitle",
      "contactEmail",
      "contactPhone",
      "whatsappNumber",
      "businessHoursWeekday",
      "footerText",
    ];
  return [...Object.keys(target.base), "intent"];
}

/** Whole bodies that are not the form the action expects. */
export const BAD_FORM_BODIES: { name: string; type?: string; body: string | Blob }[] = [
  { name: "no body", body: "" },
  { name: "JSON", type: "application/json", body: '{"intent":"create"}' },
  { name: "text", type: "text/plain", body: "intent=create" },
  { name: "broken multipart", type: "multipart/form-data; boundary=x", body: "--x\r\nbroken" },
  { name: "multipart without boundary", type: "multipart/form-data", body: "a" },
  { name: "bad percent-encoding", type: "application/x-www-form-urlencoded", body: "%zz=%%&intent=%E0%A4%A" },
  {
    name: "invalid UTF-8",
    type: "application/x-www-form-urlencoded",
    body: new Blob([new Uint8Array([0x69, 0x3d, 0xff, 0xfe, 0xc0, 0x80])]),
  },
  {
    name: "encoded NUL",
    type: "application/x-www-form-urlencoded",
    body: "intent=create&customerName=a%00b&name=a%00b",
  },
  { name: "unknown content type", type: "application/x-nonsense", body: "\u0000\u0001" },
  {
    name: "10,000 fields",
    type: "application/x-www-form-urlencoded",
    body: Array.from({ length: 10_000 }, (_, i) => `f${i}=${i}`).join("&"),
  },
];

/** JSON bodies for the visitor's chat endpoint (POST /api/chat/messages). */
export function badJsonBodies(valid: Record<string, unknown>): { name: string; body: string }[] {
  const bodies: { name: string; body: string }[] = [
    { name: "malformed", body: '{"clientId":' },
    { name: "array", body: "[]" },
    { name: "null", body: "null" },
    { name: "number", body: "123" },
    { name: "string", body: '"hola"' },
    { name: "deep", body: `${"[".repeat(5000)}${"]".repeat(5000)}` },
    { name: "__proto__", body: '{"__proto__":{"admin":true},"clientId":"x"}' },
    {
      name: "lone surrogate escape",
      body: JSON.stringify({ ...valid, message: "a" }).replace('"a"', '"\\ud800"'),
    },
    { name: "NUL escape", body: JSON.stringify({ ...valid, message: "a" }).replace('"a"', '"a\\u0000b"') },
  ];
  for (const field of Object.keys(valid)) {
    for (const [kind, value] of Object.entries({
      number: 1,
      object: { a: 1 },
      array: ["a"],
      null: null,
      bool: true,
    })) {
      bodies.push({ name: `${field} as ${kind}`, body: JSON.stringify({ ...valid, [field]: value }) });
    }
    for (const [kind, value] of Object.entries(TEXT_VALUES)) {
      bodies.push({ name: `${field} ${kind}`, body: JSON.stringify({ ...valid, [field]: value }) });
    }
  }
  return bodies;
}

/** Query parameters and path segments of the pages and endpoints that read them. */
export const QUERY_TARGETS: { path: (v: string) => string; staff: boolean }[] = [
  { path: (v) => `/tienda?q=${v}`, staff: false },
  { path: (v) => `/tienda?categoria=${v}`, staff: false },
  { path: (v) => `/tienda?mostrar=${v}`, staff: false },
  { path: (v) => `/seguimiento?numero=${v}`, staff: false },
  { path: (v) => `/api/chat/conversation?clientId=${v}`, staff: false },
  { path: (v) => `/events/track/${v}`, staff: false },
  { path: (v) => `/events/chat/${v}?secret=${v}`, staff: false },
  { path: (v) => `/admin-login?redirectTo=${v}`, staff: false },
  { path: (v) => `/admin/orders?q=${v}&estado=${v}`, staff: true },
  { path: (v) => `/admin/chat?c=${v}`, staff: true },
];
