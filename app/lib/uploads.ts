/**
 * What each kind of uploaded picture accepts, and how a refusal reads (docs/product.md §4.5).
 * The browser checks a picked file with `checkUpload` before resizing it; the server checks the
 * uploaded bytes again with the same rules (app/.server/storage/uploads.ts). Browser-safe.
 */

const MB = 1024 * 1024;
/**
 * The largest picture any upload takes as picked (SPEC §9: 10 MB): a phone's camera photo (8–9 MB
 * at 4000x3000) is taken for every kind, then made small, by the browser or else by the server's
 * re-encode (issue 42). What a kind keeps is its `storedMaxBytes`.
 */
export const PHOTO_INPUT_BYTES = 10 * MB;
/**
 * The most pixels a picture may have (width × height): decoding one takes 4 bytes a pixel, so a
 * small file of 100 megapixels would hold 400 MB while it is re-encoded (a decompression bomb).
 */
export const MAX_PIXELS = 50_000_000;
const JPEG_PNG_WEBP = ["image/jpeg", "image/png", "image/webp"] as const;

export type UploadRule = {
  /** The largest file taken as picked (and by the server when the browser did not resize it). */
  maxBytes: number;
  /**
   * The spec's limit on the stored picture, when it has one: checked after the server's re-encode,
   * which keeps far below it, so only an unusual picture is refused with 'stored-too-large'.
   */
  storedMaxBytes?: number;
  /** Accepted MIME types; null for any raster image (never SVG). */
  types: readonly string[] | null;
};

/** Keyed by image profile (app/lib/images.ts): the profile says how the server stores it. */
export const UPLOAD_RULES = {
  // docs/product.md §4.4: any image type, 10 MB.
  product: { maxBytes: PHOTO_INPUT_BYTES, types: null },
  // The banner's formats (docs/product.md §4.5); the browser sends its 1920x1080 WebP, or the original if it cannot.
  hero: { maxBytes: PHOTO_INPUT_BYTES, types: JPEG_PNG_WEBP },
  // docs/product.md §3.2 'Carrusel Clientes', §4.5: JPEG, PNG, WebP; 2 MB each as stored (300x300).
  customer: { maxBytes: PHOTO_INPUT_BYTES, storedMaxBytes: 2 * MB, types: JPEG_PNG_WEBP },
  // docs/product.md §3.2 'Apariencia': any raster image; 5 MB as stored.
  logo: { maxBytes: PHOTO_INPUT_BYTES, storedMaxBytes: 5 * MB, types: null },
  // docs/product.md §3.5, §4.5: JPEG, PNG, WebP; 5 MB as stored (1920x1080).
  banner: { maxBytes: PHOTO_INPUT_BYTES, storedMaxBytes: 5 * MB, types: JPEG_PNG_WEBP },
  // Photos in the chat, both ways (docs/product.md §2.10, §4.5; ADR 0013): JPEG, PNG, WebP; a phone's HEIC as for
  // every kind (`isHeic`).
  chat: { maxBytes: PHOTO_INPUT_BYTES, types: JPEG_PNG_WEBP },
} as const satisfies Record<string, UploadRule>;

/**
 * The routes that take a picture, which kinds each takes (one file a request) and who may send
 * one: the server lets such a request's body be as large as the largest of those pictures plus
 * the form around it (app/.server/http/body-limit.ts); every other body keeps MAX_BODY_KB. Staff
 * routes need a signed-in staff member. A route that takes a new kind of picture is added here.
 */
export const UPLOAD_ROUTES = {
  // 'Productos': product pictures.
  "/admin/productos": { kinds: ["product"], who: "staff" },
  // 'Apariencia': the logo.
  "/admin/apariencia": { kinds: ["logo"], who: "staff" },
  // 'Contenido': the banner.
  "/admin/content": { kinds: ["banner"], who: "staff" },
  // The image screens' uploads with progress: hero images and 'Carrusel Clientes'.
  "/admin/uploads": { kinds: ["hero", "customer"], who: "staff" },
  // A photo in a staff reply.
  "/admin/chat": { kinds: ["chat"], who: "staff" },
  // A photo in the chat widget (ADR 0013).
  "/api/chat/messages": { kinds: ["chat"], who: "anyone" },
} as const satisfies Record<string, { kinds: readonly UploadKind[]; who: "staff" | "anyone" }>;

/** What a form adds around its one file (the other fields, the multipart boundaries). */
export const UPLOAD_FORM_BYTES = 64 * 1024;

/** The largest body a request to an upload route may have (its largest picture and the form). */
export function uploadBodyBytes(route: { kinds: readonly UploadKind[] }): number {
  return Math.max(...route.kinds.map((kind) => UPLOAD_RULES[kind].maxBytes)) + UPLOAD_FORM_BYTES;
}

/** What the chat's photo picker offers: the server's formats plus the phones' HEIC/HEIF. */
export const CHAT_PHOTO_TYPES = [...JPEG_PNG_WEBP, "image/heic", "image/heif"] as const;
/**
 * A phone's HEIC/HEIF photo, from its type or (browsers that give it none) its name. Every kind
 * lets one through `checkUpload`; the browser's resize converts it where the browser can open it
 * (Safari), else refuses it with the way out ('heic'). The server refuses a HEIC it receives
 * (`isHeicBytes`) with the same words unless its sharp can decode HEVC (`CAN_DECODE_HEIC`, whose
 * prebuilt libvips reads only AVIF), and then re-encodes it like any other photo
 * (app/.server/storage/uploads.ts).
 */
export const isHeic = (file: { type: string; name?: string }) =>
  /image\/hei[cf]/.test(file.type) || /\.hei[cf]$/i.test(file.name ?? "");
/** A HEIC photo the browser could not open, said to a chat visitor: a clear way out. */
export const HEIC_REFUSAL =
  "Tu navegador no puede abrir fotos HEIC. Envíala desde la galería como JPG (o haz una captura de pantalla) e inténtalo de nuevo.";
/** The same said to the staff, who pick their own photos: how to make the iPhone take JPG. */
export const HEIC_REFUSAL_STAFF =
  "Esta foto está en formato HEIC del iPhone, que no se puede abrir aquí. En el iPhone: Ajustes › Cámara › Formatos › «Más compatible», o compártela como JPG.";

export type UploadKind = keyof typeof UPLOAD_RULES;

/** The largest file a kind takes, in MB, for the screens' hints ('máx 10MB'). */
export const uploadMaxMB = (kind: UploadKind) => UPLOAD_RULES[kind].maxBytes / MB;
/** The most a kind's stored picture may weigh, in MB (its input limit when it has no stored one). */
const storedMaxMB = (kind: UploadKind) => {
  const rule: UploadRule = UPLOAD_RULES[kind];
  return (rule.storedMaxBytes ?? rule.maxBytes) / MB;
};

export const UPLOAD_REFUSAL_REASONS = [
  "empty",
  "too-large",
  "stored-too-large",
  "too-many-pixels",
  "wrong-type",
  "not-an-image",
  "damaged",
  "svg",
  "heic",
  "storage-unavailable",
  "no-public-url",
] as const;
export type UploadRefusal = (typeof UPLOAD_REFUSAL_REASONS)[number];

export function isUploadRefusal(reason: string): reason is UploadRefusal {
  return (UPLOAD_REFUSAL_REASONS as readonly string[]).includes(reason);
}

/** The value of an `accept` attribute for a kind of upload. */
export function acceptFor(kind: UploadKind): string {
  const { types } = UPLOAD_RULES[kind];
  return types ? types.join(",") : "image/*";
}

const formatsText = (kind: UploadKind) =>
  kind === "chat"
    ? "JPG, PNG, WebP o HEIC"
    : UPLOAD_RULES[kind].types
      ? "JPG, PNG o WebP"
      : "JPG, PNG, WebP, GIF o AVIF";

/** Why a file was refused, as a sentence of its own. */
export function uploadRefusalDetail(reason: UploadRefusal, kind: UploadKind): string {
  switch (reason) {
    case "empty":
      return "El archivo está vacío.";
    case "too-large":
      return `La imagen es demasiado grande (máx ${uploadMaxMB(kind)}MB).`;
    case "stored-too-large":
      // The picked file was taken; what the server's re-encode made of it is over the kind's stored limit.
      return `La foto sigue pesando demasiado después de reducirla (máximo ${storedMaxMB(kind)} MB). Prueba con otra foto o recórtala.`;
    case "wrong-type":
      // The chat's visitors are addressed as 'tú' (issue 41); the staff screens keep the spec's 'Use'.
      return kind === "chat"
        ? `Formato de imagen no válido. Usa ${formatsText(kind)}.`
        : `Formato de imagen no válido. Use ${formatsText("hero")}.`;
    case "too-many-pixels":
      return `La imagen tiene demasiados píxeles (máx ${MAX_PIXELS / 1_000_000} megapíxeles). Redúcela o elige otra.`;
    case "not-an-image":
      return "El archivo no es una imagen válida.";
    case "damaged":
      return "La imagen está dañada o incompleta. Vuelve a guardarla o elige otra.";
    case "svg":
      return `Las imágenes SVG no se aceptan. Usa una foto ${formatsText(kind)}.`;
    case "heic":
      return kind === "chat" ? HEIC_REFUSAL : HEIC_REFUSAL_STAFF;
    case "storage-unavailable":
      return "El almacenamiento de archivos no respondió.";
    case "no-public-url":
      // The product, logo and banner toasts each word it their own way.
      return NO_PUBLIC_URL[kind];
  }
}

const NO_PUBLIC_URL: Record<UploadKind, string> = {
  product: "No se pudo obtener la URL pública de la imagen.",
  hero: "No se pudo obtener la URL pública.",
  customer: "No se pudo obtener la URL pública.",
  logo: "No se pudo obtener la URL pública del logo.",
  banner: "No se pudo obtener la URL pública del banner.",
  chat: "No se pudo guardar la foto.",
};

/** The banner's own sentences for a wrong type and a large file (docs/product.md §3.5). */
export const BANNER_WRONG_TYPE = "Formato de imagen no válido. Use JPG, PNG o WebP.";
export const BANNER_TOO_LARGE = `La imagen es demasiado grande. Máximo ${uploadMaxMB("banner")}MB.`;

/**
 * The toast text of a refused picture (docs/product.md §4.5): 'Error al subir imagen: {detail}',
 * 'Error al subir logo: …', 'Error al subir banner: …', except the messages worded on their own
 * (size, the stored size, public URL, the banner's format).
 */
export function uploadRefusalMessage(reason: UploadRefusal, kind: UploadKind): string {
  if (kind === "banner" && reason === "too-large") return BANNER_TOO_LARGE;
  if (kind === "banner" && (reason === "wrong-type" || reason === "svg")) return BANNER_WRONG_TYPE;
  const detail = uploadRefusalDetail(reason, kind);
  if (
    reason === "no-public-url" ||
    reason === "heic" ||
    reason === "stored-too-large" ||
    (reason === "too-large" && kind !== "logo")
  )
    return detail;
  const what = kind === "logo" ? "logo" : kind === "banner" ? "banner" : "imagen";
  return `Error al subir ${what}: ${detail}`;
}

/**
 * The browser's check of a picked file before it is resized and sent; null when it may go. A
 * phone's HEIC passes: the browser's resize converts it where it can (prepare.ts), else it is
 * refused there with 'heic'.
 */
export function checkUpload(
  file: { size: number; type: string; name?: string },
  kind: UploadKind,
): UploadRefusal | null {
  const rule: UploadRule = UPLOAD_RULES[kind];
  if (file.size === 0) return "empty";
  if (file.type === "image/svg+xml") return "svg";
  if (rule.types && !rule.types.includes(file.type) && !isHeic(file)) return "wrong-type";
  if (file.size > rule.maxBytes) return "too-large";
  return null;
}
