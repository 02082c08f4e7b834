/**
 * The chat's URLs and intent names, one place for the browser and the server (a typo fails the
 * type check, not a request). Browser-safe.
 */

export const CHAT_URLS = {
  /** The staff inbox: its page and its action (form posts with an intent). */
  inbox: "/admin/chat",
  savedReplies: "/admin/chat/respuestas",
  /** Contacts by name, phone or e-mail (the merge picker), as JSON. */
  contactSearch: "/admin/chat/contactos",
  reports: "/admin/chat/informes",
  reportsCsv: "/admin/chat/informes.csv",
  /** Every staff page's background calls (presence, typing, the status switch). */
  agent: "/api/chat/agent",
  /** The visitor's widget. */
  messages: "/api/chat/messages",
  contact: "/api/chat/contact",
  typing: "/api/chat/typing",
  /** The page a visitor with a conversation opened, for staff (issue 41). */
  page: "/api/chat/page",
  conversation: "/api/chat/conversation",
  /** 'Enviarme la conversación': the transcript to the e-mail the visitor left. */
  transcript: "/api/chat/transcript",
  /** '¿Cómo te atendimos?': the visitor's answer once the conversation is resolved (issue 41). */
  rating: "/api/chat/rating",
  presence: "/api/chat/presence",
  presenceStream: "/events/chat-presence",
  staffStream: "/events/staff",
} as const;

/** The header a browser that left contact details sends its contact key in (ADR 0020). */
/** A conversation opened in the staff inbox. */
export const conversationHref = (clientId: string) => `${CHAT_URLS.inbox}?c=${encodeURIComponent(clientId)}`;

/** The toast of a saved agent status (the header's control and the 'Estado' card). */
export const STATUS_SAVED = { title: "Estado actualizado", description: "Tu estado se guardó." } as const;

export const CONTACT_KEY_HEADER = "X-Chat-Contact";

/** Intents of the inbox's action (/admin/chat). */
export const INBOX_INTENTS = {
  reply: "reply",
  photo: "photo",
  note: "note",
  read: "read",
  status: "status",
  rename: "rename",
  delete: "delete",
  assign: "assign",
  assignMe: "assign-me",
  unassign: "unassign",
  agentStatus: "agent-status",
  contactEdit: "contact-edit",
  contactMerge: "contact-merge",
  contactUnmerge: "contact-unmerge",
  /** 'Enviar conversación por correo' to the contact's e-mail. */
  transcript: "transcript",
} as const;

/** Intents of /api/chat/agent (every staff page). */
export const AGENT_INTENTS = {
  heartbeat: "heartbeat",
  leave: "leave",
  typing: "typing",
  status: "status",
} as const;

/** Intents of the visitor's JSON endpoints, one per URL. */
export const VISITOR_INTENTS = {
  send: "send",
  contact: "contact",
  typing: "typing",
  transcript: "transcript",
  page: "page",
  rate: "rate",
} as const;

/** Intents of the saved replies screen. */
export const SAVED_REPLY_INTENTS = { save: "reply-save", delete: "reply-delete" } as const;

/** Posts a staff page's background call (never a navigation, never a revalidation). */
export function postAgent(
  intent: (typeof AGENT_INTENTS)[keyof typeof AGENT_INTENTS],
  fields: Record<string, string> = {},
) {
  const body = new URLSearchParams({ intent, ...fields });
  return fetch(CHAT_URLS.agent, { method: "POST", body, credentials: "same-origin" });
}
