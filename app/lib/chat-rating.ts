import { z } from "zod";
import { CHAT_RATING_LABELS, CHAT_RATINGS, type ChatRating, clientIdSchema } from "./chat";

/**
 * '¿Cómo te atendimos?' (issue 41): once staff resolve a conversation the widget asks the visitor
 * with three faces and an optional comment; one answer per conversation, counted for the agent
 * who resolved it (the reports' 'Satisfacción'). Browser-safe: the widget, the inbox and the
 * server share these words and the schema.
 */

export const RATING_COMMENT_MAX = 500;

/** The faces the widget shows and staff read back. */
export const CHAT_RATING_FACES: Record<ChatRating, string> = { good: "😀", ok: "😐", bad: "🙁" };

export const RATING_TEXTS = {
  question: "¿Cómo te atendimos?",
  comment: "¿Quieres contarnos algo más? (opcional)",
  send: "Enviar",
  thanks: "¡Gracias por tu opinión!",
  pick: "Elige una de las caras.",
  tooLong: `El comentario es demasiado largo (máximo ${RATING_COMMENT_MAX} caracteres).`,
  failed: "No se pudo enviar tu opinión. Inténtalo de nuevo.",
} as const;

/** POST /api/chat/rating { clientId, rating, comment? } (secret in X-Chat-Secret). */
export const visitorRatingSchema = z.object({
  clientId: clientIdSchema,
  rating: z.enum(CHAT_RATINGS, { error: RATING_TEXTS.pick }),
  comment: z
    .string({ error: "Comentario inválido." })
    .trim()
    .max(RATING_COMMENT_MAX, RATING_TEXTS.tooLong)
    .nullish()
    .transform((s) => s || null),
});
export type VisitorRatingValues = z.output<typeof visitorRatingSchema>;

/** A conversation's answer as staff see it. */
export type ConversationRating = { rating: ChatRating; comment: string | null; createdAt: string };

/** '😀 Bien' */
export const ratingWords = (rating: ChatRating) =>
  `${CHAT_RATING_FACES[rating]} ${CHAT_RATING_LABELS[rating]}`;
