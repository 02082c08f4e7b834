import { z } from "zod";
import {
  AGENT_STATUSES,
  CLIENT_ID_PATTERN,
  MAX_MESSAGE_LENGTH,
  messageTextSchema,
  RESPONSE_TIMES,
} from "./chat";

/** Schemas of the inbox's forms and buttons, shared with the /admin/chat action (docs/product.md §3.3). */

const clientId = z.string({ error: "Conversación no encontrada." }).regex(CLIENT_ID_PATTERN, {
  error: "Conversación no encontrada.",
});

export const conversationSchema = z.object({ clientId });

export const replySchema = z.object({ clientId, message: messageTextSchema });

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
