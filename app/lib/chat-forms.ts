import { z } from "zod";
import {
  AGENT_STATUSES,
  CLIENT_ID_PATTERN,
  captionSchema,
  MAX_MESSAGE_LENGTH,
  messageTextSchema,
  PICK_PHOTO,
  RESPONSE_TIMES,
} from "./chat";
import { DEFAULT_PHONE_COUNTRY, PHONE_COUNTRY_CODES, PHONE_INVALID_MESSAGE, parsePhone } from "./phone";

/** Schemas of the inbox's forms and buttons, shared with the /admin/chat action (docs/product.md §3.3). */

const clientId = z.string({ error: "Conversación no encontrada." }).regex(CLIENT_ID_PATTERN, {
  error: "Conversación no encontrada.",
});

export const conversationSchema = z.object({ clientId });

export const replySchema = z.object({ clientId, message: messageTextSchema });

/** A staff photo with an optional caption; the browser's id makes a retry store it once. */
export const staffPhotoSchema = z.object({
  clientId,
  clientMessageId: z.uuid("Identificador de mensaje inválido."),
  message: captionSchema,
  image: z.instanceof(Blob, { error: PICK_PHOTO }),
});

export const conversationStatusSchema = z.object({
  clientId,
  status: z.enum(["open", "resolved"], { error: "Estado inválido." }),
});

/** Rename: trimmed; an empty name is stored as null, so the client id shows. */
export const renameSchema = z.object({
  clientId,
  name: z
    .string()
    .trim()
    .max(80, "El nombre es demasiado largo (máximo 80 caracteres).")
    .optional()
    .transform((v) => v || null),
});

export const assignSchema = z.object({ clientId, agentId: z.uuid({ error: "Agente no encontrado." }) });

/** 'Estado del Agente': status, estimated response time, optional status message. */
export const agentStatusSchema = z.object({
  status: z.enum(AGENT_STATUSES, { error: "Estado inválido." }),
  estimatedResponseTime: z.enum(RESPONSE_TIMES, { error: "Tiempo de respuesta inválido." }),
  statusMessage: z
    .string()
    .trim()
    .max(200, "El mensaje de estado es demasiado largo (máximo 200 caracteres).")
    .optional()
    .transform((s) => s || null),
});
export type AgentStatusValues = z.output<typeof agentStatusSchema>;

/** The inbox tab's background calls to /api/chat/agent: presence and typing. */
export const presenceSchema = z.object({});
export const typingSchema = z.object({
  clientId,
  typing: z.enum(["true", "false"]).transform((v) => v === "true"),
});

/** The visitor's contact details ('Para avisarte si te vas'): a name and a WhatsApp number or an e-mail. */
export const CONTACT_TEXTS = {
  name: "Escribe tu nombre.",
  nameTooLong: "El nombre es demasiado largo (máximo 80 caracteres).",
  reachable: "Escribe tu número de WhatsApp o tu correo.",
  email: "Correo electrónico inválido.",
} as const;

export const contactSchema = z
  .object({
    clientId,
    name: z
      .string({ error: CONTACT_TEXTS.name })
      .trim()
      .min(1, CONTACT_TEXTS.name)
      .max(80, CONTACT_TEXTS.nameTooLong),
    country: z.enum(PHONE_COUNTRY_CODES, { error: "País inválido." }).default(DEFAULT_PHONE_COUNTRY),
    phone: z.string().trim().max(60, PHONE_INVALID_MESSAGE).optional().default(""),
    email: z.string().trim().max(200, CONTACT_TEXTS.email).optional().default(""),
  })
  .transform((v, ctx) => {
    const phone = v.phone ? parsePhone(v.phone, v.country) : null;
    if (v.phone && !phone) ctx.addIssue({ code: "custom", path: ["phone"], message: PHONE_INVALID_MESSAGE });
    const email = v.email ? v.email.toLowerCase() : null;
    if (email && !z.email().safeParse(email).success)
      ctx.addIssue({ code: "custom", path: ["email"], message: CONTACT_TEXTS.email });
    if (!v.phone && !v.email)
      ctx.addIssue({ code: "custom", path: ["phone"], message: CONTACT_TEXTS.reachable });
    return { clientId: v.clientId, name: v.name, phone: phone?.e164 ?? null, email };
  });
export type ContactValues = z.output<typeof contactSchema>;
/** Saved replies (admins): a short title to find it by, and the text ({nombre} becomes the visitor's name). */
export const SAVED_REPLY_TITLE_MAX = 60;
export const savedReplySchema = z.object({
  id: z.uuid({ error: "Respuesta no encontrada." }).optional(),
  title: z
    .string({ error: "Escribe un título." })
    .trim()
    .min(1, "Escribe un título.")
    .max(SAVED_REPLY_TITLE_MAX, `El título es demasiado largo (máximo ${SAVED_REPLY_TITLE_MAX} caracteres).`),
  body: z
    .string({ error: "Escribe el texto de la respuesta." })
    .trim()
    .min(1, "Escribe el texto de la respuesta.")
    .max(MAX_MESSAGE_LENGTH, `El texto es demasiado largo (máximo ${MAX_MESSAGE_LENGTH} caracteres).`),
});
export type SavedReplyValues = z.output<typeof savedReplySchema>;
export const savedReplyIdSchema = z.object({ id: z.uuid({ error: "Respuesta no encontrada." }) });

/** The intents of /admin/chat (app/routes/admin/chat/route.tsx), posted by the inbox. */
export const CHAT_INTENT = {
  reply: "reply",
  photo: "photo",
  read: "read",
  status: "status",
  rename: "rename",
  delete: "delete",
  assign: "assign",
  unassign: "unassign",
  agentStatus: "agent-status",
} as const;

/** The inbox tab's background intents at /api/chat/agent (app/routes/api/chat.agent.ts). */
export const AGENT_INTENT = { heartbeat: "heartbeat", leave: "leave", typing: "typing" } as const;

/** The intents of /admin/chat/respuestas (app/routes/admin/saved-replies/route.tsx). */
export const SAVED_REPLIES_INTENT = { save: "reply-save", delete: "reply-delete" } as const;
