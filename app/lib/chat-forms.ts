import { z } from "zod";
import {
  AGENT_STATUSES,
  CONVERSATION_STATUSES,
  captionSchema,
  clientIdSchema,
  MAX_MESSAGE_LENGTH,
  messageTextSchema,
  PICK_PHOTO,
  RESPONSE_TIMES,
} from "./chat";
import {
  DEFAULT_PHONE_COUNTRY,
  PHONE_COUNTRY_CODES,
  PHONE_INVALID_MESSAGE,
  type PhoneCountry,
  parsePhone,
} from "./phone";

/** Schemas of the inbox's forms and buttons, shared with the /admin/chat action (docs/product.md §3.3). */

const clientId = clientIdSchema;

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
  status: z.enum(CONVERSATION_STATUSES, { error: "Estado inválido." }),
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

/**
 * 'Estado del Agente': estimated response time and optional status message ('Guardar Estado').
 * The status is chosen with statusSwitchSchema (header and card alike); it is still taken here
 * when sent.
 */
export const agentStatusSchema = z.object({
  status: z.enum(AGENT_STATUSES, { error: "Estado inválido." }).optional(),
  estimatedResponseTime: z.enum(RESPONSE_TIMES, { error: "Tiempo de respuesta inválido." }),
  statusMessage: z
    .string()
    .trim()
    .max(200, "El mensaje de estado es demasiado largo (máximo 200 caracteres).")
    .optional()
    .transform((s) => s || null),
});
export type AgentStatusValues = z.output<typeof agentStatusSchema>;

/** A private note between staff (never shown to the visitor). */
export const noteSchema = z.object({ clientId, message: messageTextSchema });

/**
 * Every staff page's background calls to /api/chat/agent: a beat (with how long the person has
 * not used that page, in seconds), a tab closing, typing, and the header's status switch.
 */
export const heartbeatSchema = z.object({
  idle: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86_400)
    .default(0),
});
export const leaveSchema = z.object({});
export const typingSchema = z.object({
  clientId,
  typing: z.enum(["true", "false"]).transform((v) => v === "true"),
});
export const statusSwitchSchema = z.object({ status: z.enum(AGENT_STATUSES, { error: "Estado inválido." }) });

/** A visitor's typing signal (JSON to /api/chat/typing, with the conversation secret). */
export const visitorTypingSchema = z.object({
  clientId,
  typing: z.boolean({ error: "Solicitud inválida." }),
});

/** The visitor's contact details ('Para avisarte si te vas'): a name and a WhatsApp number or an e-mail. */
export const CONTACT_TEXTS = {
  name: "Escribe tu nombre.",
  nameTooLong: "El nombre es demasiado largo (máximo 80 caracteres).",
  reachable: "Escribe tu número de WhatsApp o tu correo.",
  email: "Correo electrónico inválido.",
} as const;

const contactFields = {
  name: z
    .string({ error: CONTACT_TEXTS.name })
    .trim()
    .min(1, CONTACT_TEXTS.name)
    .max(80, CONTACT_TEXTS.nameTooLong),
  country: z.enum(PHONE_COUNTRY_CODES, { error: "País inválido." }).default(DEFAULT_PHONE_COUNTRY),
  phone: z.string().trim().max(60, PHONE_INVALID_MESSAGE).optional().default(""),
  email: z.string().trim().max(200, CONTACT_TEXTS.email).optional().default(""),
};

/** Name, and a number read in the chosen country (stored E.164) or an e-mail (lower-case); one of them at least. */
function reachable<T extends { name: string; country: PhoneCountry; phone: string; email: string }>(
  v: T,
  ctx: z.RefinementCtx,
) {
  const phone = v.phone ? parsePhone(v.phone, v.country) : null;
  if (v.phone && !phone) ctx.addIssue({ code: "custom", path: ["phone"], message: PHONE_INVALID_MESSAGE });
  const email = v.email ? v.email.toLowerCase() : null;
  if (email && !z.email().safeParse(email).success)
    ctx.addIssue({ code: "custom", path: ["email"], message: CONTACT_TEXTS.email });
  if (!v.phone && !v.email)
    ctx.addIssue({ code: "custom", path: ["phone"], message: CONTACT_TEXTS.reachable });
  return { name: v.name, phone: phone?.e164 ?? null, email };
}

export const contactSchema = z
  .object({ clientId, ...contactFields })
  .transform((v, ctx) => ({ clientId: v.clientId, ...reachable(v, ctx) }));
/** Staff correct a contact from the side panel. */
export const contactEditSchema = z
  .object({ contactId: z.uuid({ error: "Contacto no encontrado." }), ...contactFields })
  .transform((v, ctx) => ({ contactId: v.contactId, ...reachable(v, ctx) }));
/** Two contacts of one person: `goneId` joins `keepId`. */
export const contactMergeSchema = z.object({
  keepId: z.uuid({ error: "Contacto no encontrado." }),
  goneId: z.uuid({ error: "Elige el contacto que quieres combinar." }),
});
/** 'Deshacer' a merge staff made (its record, contact_merges). */
export const contactUnmergeSchema = z.object({
  mergeId: z.uuid({ error: "Combinación no encontrada." }),
});
export type ContactValues = z.output<typeof contactSchema>;
/** Saved replies (admins): a short title to find it by, and the text ({nombre} becomes the visitor's name). */
export const SAVED_REPLY_TITLE_MAX = 60;
/** 'mine': the staff member's own reply; 'team': shared (admins only). */
export const SAVED_REPLY_SCOPES = ["mine", "team"] as const;
export const savedReplySchema = z.object({
  id: z.uuid({ error: "Respuesta no encontrada." }).optional(),
  scope: z.enum(SAVED_REPLY_SCOPES, { error: "Elige para quién es la respuesta." }).default("mine"),
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
