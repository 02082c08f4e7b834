import type { ChatMessageView, ChatRating, PresenceView, VisitorConversationState } from "~/lib/chat";
import { CHAT_URLS, CONTACT_KEY_HEADER } from "~/lib/chat-api";
import { readContactKey } from "~/lib/chat-storage";

/** The widget's calls to the server. Every read and write of a conversation carries its secret. */

export type Snapshot = {
  state: VisitorConversationState;
  messages: ChatMessageView[];
  presence: PresenceView;
};
export type SendResult = { message: ChatMessageView; secret?: string; created: boolean };

/** `status` 0 means the request never got an answer (offline, server restarting). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(url: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, cache: "no-store", credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "network");
  }
  const body = (await res.json().catch(() => null)) as (T & { error?: string }) | null;
  if (!res.ok || !body) throw new ApiError(res.status, body?.error ?? `HTTP ${res.status}`);
  return body;
}

export const fetchPresence = () => call<PresenceView>(CHAT_URLS.presence, { method: "GET" });

export const fetchSnapshot = (clientId: string, secret: string) =>
  call<Snapshot>(`${CHAT_URLS.conversation}?clientId=${encodeURIComponent(clientId)}`, {
    method: "GET",
    headers: { "X-Chat-Secret": secret },
  });

export function postMessage(
  body: { clientId: string; clientMessageId: string; message: string; photo?: File },
  secret: string | null,
) {
  // A new conversation of a browser that left details before joins that contact (ADR 0020).
  const key = secret ? null : readContactKey();
  const auth: Record<string, string> = secret
    ? { "X-Chat-Secret": secret }
    : key
      ? { [CONTACT_KEY_HEADER]: key }
      : {};
  if (body.photo) {
    // A photo goes as multipart under the same ids (the browser sets the boundary).
    const form = new FormData();
    form.set("clientId", body.clientId);
    form.set("clientMessageId", body.clientMessageId);
    form.set("message", body.message);
    form.set("image", body.photo, body.photo.name);
    return call<SendResult>(CHAT_URLS.messages, { method: "POST", headers: auth, body: form });
  }
  const { clientId, clientMessageId, message } = body;
  return call<SendResult>(CHAT_URLS.messages, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...auth },
    body: JSON.stringify({ clientId, clientMessageId, message }),
  });
}

export const streamUrl = (clientId: string, secret: string) =>
  `/events/chat/${encodeURIComponent(clientId)}?secret=${encodeURIComponent(secret)}`;

export type ContactInput = { clientId: string; name: string; country: string; phone: string; email: string };
export const postContact = (body: ContactInput, secret: string) =>
  call<{ name: string; phone: string | null; email: string | null; key: string }>(CHAT_URLS.contact, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Chat-Secret": secret },
    body: JSON.stringify(body),
  });

/** 'Enviarme la conversación': the server mails it to the e-mail on file and says where (masked). */
export const postTranscript = (clientId: string, secret: string) =>
  call<{ to: string; message: string }>(CHAT_URLS.transcript, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Chat-Secret": secret },
    body: JSON.stringify({ clientId }),
  });

/** '¿Cómo te atendimos?': the visitor's one answer for the resolved conversation (issue 41). */
export const postRating = (
  body: { clientId: string; rating: ChatRating; comment: string | null },
  secret: string,
) =>
  call<{ rating: ChatRating; message: string }>(CHAT_URLS.rating, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Chat-Secret": secret },
    body: JSON.stringify(body),
  });

/** Who is online, for a widget without a conversation yet. */
export const PRESENCE_STREAM_URL = CHAT_URLS.presenceStream;

/** The visitor is typing (a live signal to staff; the answer carries nothing). */
export async function postTyping(clientId: string, secret: string) {
  await fetch(CHAT_URLS.typing, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Chat-Secret": secret },
    body: JSON.stringify({ clientId, typing: true }),
    credentials: "same-origin",
  });
}

/** What the widget tells staff about a page the visitor opened (issue 41); `context` with a page load's first. */
export type PageReport = {
  clientId: string;
  path: string;
  title: string;
  context?: { timeZone?: string; languages?: string[]; firstSeen?: string; visits?: number };
};

/** Fire-and-forget: outlives the page (keepalive) and never holds up navigation or the chat. */
export function postPage(body: PageReport, secret: string) {
  void fetch(CHAT_URLS.page, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Chat-Secret": secret },
    body: JSON.stringify(body),
    credentials: "same-origin",
    keepalive: true,
  }).catch(() => {});
}
