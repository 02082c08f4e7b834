/**
 * The visitor's chat identity in local storage (docs/product.md §2.10): the 'session_{time}_{random}' id,
 * the conversation secret the server issued, what the visitor has seen, and unsent messages.
 * Dependency-free on purpose: the always-loaded chat button reads it.
 */
export type OutboxItem = {
  clientMessageId: string;
  message: string;
  createdAt: string;
  /** A photo waiting to go: kept in memory only (too big for local storage). */
  photo?: File;
};
export type StoredChat = {
  clientId: string;
  secret: string | null;
  /** Timestamp of the newest staff message the visitor has seen with the panel open. */
  seenAt: string | null;
  outbox: OutboxItem[];
};

export const CHAT_STORAGE_KEY = "mm_chat";

export function readStoredChat(): StoredChat | null {
  try {
    const raw = window.localStorage.getItem(CHAT_STORAGE_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<StoredChat>;
    if (typeof v.clientId !== "string") return null;
    return {
      clientId: v.clientId,
      secret: typeof v.secret === "string" ? v.secret : null,
      seenAt: typeof v.seenAt === "string" ? v.seenAt : null,
      outbox: Array.isArray(v.outbox) ? v.outbox.filter((o) => typeof o?.clientMessageId === "string") : [],
    };
  } catch {
    return null;
  }
}

export function writeStoredChat(value: StoredChat): void {
  try {
    window.localStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Private mode or full storage: the chat still works for this page view.
  }
}

/** A conversation exists (or a message waits to be sent): the widget should connect at once. */
export function hasStoredConversation(): boolean {
  const s = readStoredChat();
  return !!s && (!!s.secret || s.outbox.length > 0);
}

/**
 * Whether the visitor already left contact details (kept for this browser, with the key of
 * their contact: ADR 0020) or said 'Ahora no' in this visit (kept for the visit only): the
 * widget asks once.
 */
export const CONTACT_STORAGE_KEY = "mm_chat_contact";
export type ContactAnswer = "given" | "dismissed";

function readGiven(): { key: string | null } | null {
  try {
    const raw = window.localStorage.getItem(CONTACT_STORAGE_KEY);
    if (raw === "given") return { key: null };
    const v = raw?.startsWith("{") ? (JSON.parse(raw) as { answer?: string; key?: unknown }) : null;
    return v?.answer === "given" ? { key: typeof v.key === "string" ? v.key : null } : null;
  } catch {
    return null;
  }
}

export function readContactAnswer(): ContactAnswer | null {
  if (readGiven()) return "given";
  try {
    return window.sessionStorage.getItem(CONTACT_STORAGE_KEY) === "dismissed" ? "dismissed" : null;
  } catch {
    return null;
  }
}

/** The key of this browser's contact, sent with a new conversation's first message. */
export const readContactKey = (): string | null => readGiven()?.key ?? null;

export function writeContactAnswer(value: ContactAnswer, key?: string): void {
  try {
    if (value === "given")
      window.localStorage.setItem(CONTACT_STORAGE_KEY, JSON.stringify({ answer: "given", key: key ?? null }));
    else window.sessionStorage.setItem(CONTACT_STORAGE_KEY, "dismissed");
  } catch {
    // Private mode: asked again next page view, never blocking.
  }
}
