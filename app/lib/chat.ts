import { z } from "zod";
import { newRequestKey } from "./ids";
import { isUploadRefusal, uploadRefusalDetail } from "./uploads";

/** Browser-safe chat rules and texts shared by the widget, the inbox and the server (docs/product.md §2.10, §3.3, §5). */

export const MAX_MESSAGE_LENGTH = 1000;
/** docs/product.md §5: the typing indicator resets 3 s after the last keystroke. */
export const TYPING_RESET_MS = 3000;
/** A typing flag older than this is stale (the staff tab went away mid-sentence). */
export const TYPING_STALE_MS = 8000;
export const UNREAD_CAP = 99;
/** A staff tab proves it is still there this often... */
export const HEARTBEAT_MS = 15_000;
/** ...and an agent without a heartbeat for this long no longer counts as online. */
export const PRESENCE_TTL_MS = 45_000;
/** A closing tab leaves the agent this long for another open tab to beat again (ADR 0013). */
export const LEAVE_GRACE_MS = 20_000;
/** Typing signals are sent at most this often while someone keeps typing (never stored). */
export const TYPING_REFRESH_MS = 2500;
/**
 * A visitor who writes again once their conversation has been resolved this long starts a new
 * conversation (under the same contact) rather than reopening last week's (ADR 0020).
 */
export const NEW_CONVERSATION_AFTER_MS = 12 * 60 * 60_000;
export const DEFAULT_CLIENT_NAME = "Cliente Web";

export const RESPONSE_TIMES = [
  "1-2 minutos",
  "3-5 minutos",
  "5-10 minutos",
  "10-15 minutos",
  "15-30 minutos",
  "30+ minutos",
] as const;
export const DEFAULT_RESPONSE_TIME = "5-10 minutos";

/**
 * The one vocabulary of an agent's state (ADR 0020): what they chose in the header switch, and
 * what others see ('Desconectado' too once no staff page of theirs is open).
 */
export const AGENT_STATUSES = ["online", "busy", "away", "offline"] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];
export const AGENT_STATUS_LABELS: Record<AgentStatus, string> = {
  online: "En línea",
  busy: "Ocupado",
  away: "Ausente",
  offline: "Desconectado",
};

/** '¿Cómo te atendimos?' (issue 41): three faces, one answer per conversation. */
export const CHAT_RATINGS = ["good", "ok", "bad"] as const;
export type ChatRating = (typeof CHAT_RATINGS)[number];
export const CHAT_RATING_LABELS: Record<ChatRating, string> = {
  good: "Bien",
  ok: "Regular",
  bad: "Mal",
};

/**
 * What a visitor's browser says about itself, kept on the conversation for staff (issue 41):
 * never an IP address or a geolocation look-up; the country is a guess from the time zone,
 * languages and the phone's country code.
 */
export type VisitorContext = {
  /** 'Android · Chrome', from the User-Agent header. */
  device?: string;
  /** The browser's languages, e.g. ['es-NI', 'es']. */
  languages?: string[];
  /** IANA time zone, e.g. 'America/Managua'. */
  timeZone?: string;
  /** When this browser first opened the site, and how many visits it made (its own count). */
  firstSeen?: string;
  visits?: number;
};
export const isAgentStatus = (v: unknown): v is AgentStatus => AGENT_STATUSES.includes(v as AgentStatus);

/** A conversation is open until staff resolve it; a visitor's message opens it again. */
export const CONVERSATION_STATUSES = ["open", "resolved"] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const TEXTS = {
  welcome: "¿Tiene preguntas? Me gustaría ayudarle.",
  online: "Atención al Cliente - En línea",
  offline: "Fuera de línea - Te responderemos pronto",
  /** Someone of the team is at work but 'Ocupado' or 'Ausente' (issue 41): no names, a short wait. */
  away: "Te respondemos en unos minutos",
  sendFailed: "No se pudo enviar el mensaje. Inténtalo de nuevo.",
  empty: "Escribe un mensaje antes de enviarlo.",
  tooLong: `El mensaje es demasiado largo (máximo ${MAX_MESSAGE_LENGTH} caracteres).`,
  rateLimited: "Estás enviando mensajes muy seguido. Espera un momento e inténtalo de nuevo.",
  forbidden: "No tienes acceso a esta conversación.",
} as const;

/**
 * What a refused chat request says, by the domain's reason (app/.server/chat/*.ts throw typed
 * errors naming one of these).
 */
export const CHAT_REFUSALS: Record<string, string> = {
  conversation: "Conversación no encontrada.",
  agent: "Agente no encontrado.",
  "conversation-secret": TEXTS.forbidden,
  "chat-conversation": TEXTS.rateLimited,
  "chat-address": TEXTS.rateLimited,
  "chat-new-address": TEXTS.rateLimited,
  "chat-photo-conversation": "Ya enviaste muchas fotos en esta hora. Inténtalo de nuevo más tarde.",
  "chat-photo-address": "Ya enviaste muchas fotos en esta hora. Inténtalo de nuevo más tarde.",
  "chat-photo-all": "No podemos recibir más fotos en este momento. Inténtalo de nuevo más tarde.",
  "chat-contact": "Demasiados cambios seguidos. Inténtalo más tarde.",
  "chat-page": "Demasiadas páginas seguidas. Espera un momento.",
  "chat-transcript": "Ya te enviamos esta conversación varias veces. Inténtalo de nuevo en una hora.",
  "chat-transcript-address": "Ya pediste varias conversaciones por correo. Inténtalo de nuevo en una hora.",
  "transcript-no-email": "Primero déjanos tu correo para enviarte la conversación.",
  "transcript-empty": "Esta conversación todavía no tiene mensajes.",
  contact: "Contacto no encontrado.",
  "contact-phone-taken": "Ese número ya es de otro contacto: combínalos.",
  "contact-email-taken": "Ese correo ya es de otro contacto: combínalos.",
  "contact-same": "Elige otro contacto para combinar.",
  "contact-reachable": "Escribe un número o un correo.",
  "replies-team": "Solo un administrador cambia las respuestas del equipo.",
  "saved-reply": "La respuesta ya no existe.",
  "conversation-not-resolved": "Solo se pueden eliminar conversaciones resueltas.",
  "rating-given": "Ya recibimos tu opinión. ¡Gracias!",
  "rating-not-resolved": "Podrás darnos tu opinión cuando terminemos de atenderte.",
  "chat-rating": "Demasiados intentos seguidos. Inténtalo más tarde.",
  database: "Datos inválidos.",
};

/**
 * The words for a refused chat request, by its reason; undefined for the refusals of a request's
 * body, which the HTTP layer words itself (app/.server/http/json.ts).
 */
export function chatRefusal(error: { kind: string; reason: string }): string | undefined {
  if (isUploadRefusal(error.reason)) return uploadRefusalDetail(error.reason, "chat");
  return CHAT_REFUSALS[error.reason];
}

/** 'session_{time}_{random}' (docs/product.md §2.10). */
export const CLIENT_ID_PATTERN = /^session_\d{10,16}_[a-z0-9]{6,40}$/;
/** A conversation's id in a request: a refusal says the conversation is not found. */
export const clientIdSchema = z.string({ error: "Conversación no encontrada." }).regex(CLIENT_ID_PATTERN, {
  error: "Conversación no encontrada.",
});
export const isClientId = (v: unknown): v is string => typeof v === "string" && CLIENT_ID_PATTERN.test(v);

export function generateClientId(now = Date.now()): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  const random = Array.from(bytes, (b) => (b % 36).toString(36)).join("");
  return `session_${now}_${random}`;
}

export function generateMessageId(): string {
  return newRequestKey();
}

export const messageTextSchema = z
  .string({ error: TEXTS.empty })
  .transform((s) => s.trim())
  .refine((s) => s.length > 0, TEXTS.empty)
  .refine((s) => s.length <= MAX_MESSAGE_LENGTH, TEXTS.tooLong);

export const visitorSendSchema = z.object({
  clientId: z.string().regex(CLIENT_ID_PATTERN, "Identificador de conversación inválido."),
  clientMessageId: z.uuid("Identificador de mensaje inválido."),
  message: messageTextSchema,
});
export type VisitorSendValues = z.output<typeof visitorSendSchema> & { image?: Blob };

/** A photo's optional caption: trimmed, may be empty. */
export const captionSchema = z
  .string()
  .optional()
  .transform((s) => (s ?? "").trim())
  .refine((s) => s.length <= MAX_MESSAGE_LENGTH, TEXTS.tooLong);
export const PICK_PHOTO = "Selecciona una foto.";

/** A visitor's photo (multipart to the same /api/chat/messages): same ids as a text message. */
export const visitorPhotoSchema = z.object({
  clientId: z.string().regex(CLIENT_ID_PATTERN, "Identificador de conversación inválido."),
  clientMessageId: z.uuid("Identificador de mensaje inválido."),
  message: captionSchema,
  image: z.instanceof(Blob, { error: PICK_PHOTO }),
});

/**
 * A message as both screens see it. `clientMessageId` only reaches the visitor who sent it;
 * a 'note' (staff only) never reaches a visitor at all.
 */
export type ChatMessageView = {
  id: string;
  clientId: string;
  sender: "client" | "admin" | "note";
  message: string;
  timestamp: string;
  agentName: string | null;
  clientMessageId?: string | null;
  /** A photo sent with the message (ADR 0013); `message` may then be empty. */
  imageUrl?: string | null;
};

/** What the visitor's widget needs to know about its conversation. */
export type VisitorConversationState = {
  status: ConversationStatus;
  /** When it was resolved (a message long after starts a new conversation). */
  resolvedAt: string | null;
  assignedAgentId: string | null;
  /** Staff know who this is (the visitor left details, now or in an earlier conversation). */
  hasContact: boolean;
  /** Those details include an e-mail: the widget offers 'Enviarme la conversación'. */
  hasEmail: boolean;
  /** The visitor's answer to '¿Cómo te atendimos?' (issue 41), null until given. */
  rating: ChatRating | null;
  /** Resolved and not rated yet: the widget asks '¿Cómo te atendimos?'. */
  ratingDue: boolean;
};

/** A typing signal on a live stream (sent, never stored): who types, or that they stopped. */
export type TypingSignal = { clientId: string; typing: boolean; name: string | null };

export type OnlineAgent = { id: string; name: string };
/**
 * What visitors may know of the team right now (issue 41): 'online' (someone 'En línea', named in
 * `agents`), 'soon' (nobody 'En línea' but someone 'Ocupado' or 'Ausente' on a staff page: a
 * reply may take a few minutes), 'offline' (nobody at work). Nobody but the 'En línea' is named.
 */
export type PresenceAvailability = "online" | "soon" | "offline";
/** `available` is left out only by answers from before issue 41: `agents` alone tells online from offline. */
export type PresenceView = { agents: OnlineAgent[]; available?: PresenceAvailability };

/** 'n' or '99+' (docs/product.md §5). */
/**
 * Whether a staff reply still being sent is already in the log: the live stream (or another
 * revalidation) can bring the stored message before the sender's own request settles, and the
 * "Enviando..." bubble must not show the same text a second time.
 */
export function replyArrived(
  messages: readonly Pick<ChatMessageView, "id" | "sender" | "message">[] | null,
  knownIds: ReadonlySet<string>,
  text: string,
): boolean {
  return (messages ?? []).some((m) => m.sender === "admin" && m.message === text && !knownIds.has(m.id));
}

export function formatUnread(n: number): string {
  return n > UNREAD_CAP ? `${UNREAD_CAP}+` : String(n);
}

/** docs/product.md §5: the visitor notification shows the first 50 characters of the message. */
export const notificationPreview = (text: string, imageUrl?: string | null) => {
  const shown = text || (imageUrl ? "📷 Foto" : "");
  return shown.length > 50 ? `${shown.slice(0, 50)}…` : shown;
};
/** A visitor who left no details, as staff see them: 'Visitante 1042', never their session id. */
export const visitorName = (visitorNumber: number) => `Visitante ${visitorNumber}`;

/** The name staff see: their own rename, else the contact's name, else 'Visitante N'. */
export const displayName = (c: {
  customName: string | null;
  contactName?: string | null;
  visitorNumber: number;
}) => c.customName?.trim() || c.contactName?.trim() || visitorName(c.visitorNumber);

/** The visitor's name as staff see it everywhere (list, header, alerts, push, saved replies' {nombre}). */
export const conversationDisplayName = displayName;

/** The inbox list's filters (docs/product.md §3.3), in the order the tabs show them. */
export const INBOX_FILTERS = ["abiertas", "mias", "sin-asignar", "resueltas"] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];
export const INBOX_FILTER_LABELS: Record<InboxFilter, string> = {
  abiertas: "Abiertas",
  mias: "Mías",
  "sin-asignar": "Sin asignar",
  resueltas: "Resueltas",
};
export const isInboxFilter = (v: unknown): v is InboxFilter => INBOX_FILTERS.includes(v as InboxFilter);
/** Conversations per page of the inbox list. */
export const INBOX_PAGE_SIZE = 50;
/** The longest search the inbox accepts (longer input is cut). */
export const INBOX_SEARCH_MAX = 80;

// Saved replies' placeholders ({nombre}, {precios}…) are filled by app/lib/saved-reply-text.ts.

/**
 * The widget header (docs/product.md §2.10): the conversation's assigned agent when online, else the one
 * agent online, else the generic online label when several are; with nobody online, 'Te respondemos
 * en unos minutos' while someone 'Ocupado' or 'Ausente' is at work (issue 41), else the offline label.
 */
export function widgetHeader(
  presence: PresenceView | null,
  assignedAgentId: string | null,
): { online: boolean; available: PresenceAvailability; title: string; agentName: string | null } {
  const agents = presence?.agents ?? [];
  if (agents.length === 0) {
    return presence?.available === "soon"
      ? { online: false, available: "soon", title: TEXTS.away, agentName: null }
      : { online: false, available: "offline", title: TEXTS.offline, agentName: null };
  }
  const agent = agents.find((a) => a.id === assignedAgentId) ?? (agents.length === 1 ? agents[0] : null);
  if (agent) return { online: true, available: "online", title: agent.name, agentName: agent.name };
  return { online: true, available: "online", title: TEXTS.online, agentName: null };
}

export type TextPart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

const URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;

/** Splits a message into plain text and http(s) links; anything else stays text (never HTML). */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    let raw = m[0];
    // Trailing punctuation belongs to the sentence, not the link.
    const trail = /[.,;:!?)\]]+$/.exec(raw)?.[0] ?? "";
    raw = raw.slice(0, raw.length - trail.length);
    const start = m.index ?? 0;
    const href = raw.toLowerCase().startsWith("www.") ? `https://${raw}` : raw;
    let ok = false;
    try {
      ok = ["http:", "https:"].includes(new URL(href).protocol);
    } catch {}
    if (!ok || !raw) continue;
    if (start > last) parts.push({ kind: "text", text: text.slice(last, start) });
    parts.push({ kind: "link", text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
