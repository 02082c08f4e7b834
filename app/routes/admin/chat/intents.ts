import { updateAgentStatus } from "~/.server/chat/agents";
import { assignConversation, unassignConversation } from "~/.server/chat/assignment";
import {
  addNote,
  deleteConversation,
  markRead,
  renameConversation,
  setConversationStatus,
  staffReply,
  staffSendPhoto,
} from "~/.server/chat/staff";
import { sendTranscript } from "~/.server/chat/transcript";
import { mergeContacts, undoMerge, updateContact } from "~/.server/contacts/contacts";
import type { FileDeps } from "~/.server/deps";
import type { DomainError } from "~/.server/errors";
import { staffIntentsWith } from "~/.server/http/intents";
import { chatRefusal } from "~/lib/chat";
import { INBOX_INTENTS as I, STATUS_SAVED } from "~/lib/chat-api";
import {
  agentStatusSchema,
  assignSchema,
  contactEditSchema,
  contactMergeSchema,
  contactUnmergeSchema,
  conversationSchema,
  conversationStatusSchema,
  noteSchema,
  renameSchema,
  replySchema,
  staffPhotoSchema,
} from "~/lib/chat-forms";
import { firstError } from "~/lib/forms";
import { errorToast, type ToastMessage } from "~/lib/toast";

const intent = staffIntentsWith<ToastMessage>();

/**
 * A refusal: a conflict or bad input is said as it is (e.g. only resolved conversations can be
 * deleted); anything else keeps the spec's failure text for the intent.
 */
function refused(fallback: string) {
  return (error: DomainError | null): ToastMessage =>
    errorToast(
      error && (error.kind === "invalid" || error.kind === "conflict" || error.reason === "contact")
        ? (chatRefusal(error) ?? fallback)
        : fallback,
    );
}
const invalid = (fallback: string) => (errors: Record<string, string[] | null>) =>
  errorToast(firstError(errors)?.[1] ?? fallback);

const FAIL = {
  reply: "No se pudo enviar la respuesta.",
  photo: "No se pudo enviar la foto.",
  note: "No se pudo guardar la nota.",
  status: "No se pudo actualizar el estado.",
  rename: "No se pudo renombrar la conversación.",
  delete: "No se pudo eliminar la conversación.",
  assign: "No se pudo asignar la conversación",
  unassign: "No se pudo remover la asignación",
  contact: "No se pudo guardar el contacto.",
  merge: "No se pudieron combinar los contactos.",
  unmerge: "No se pudo deshacer la combinación.",
  transcript: "No se pudo enviar la conversación por correo.",
};

/** The mail sender (services.mail): woken after a message is queued; without SMTP it keeps them. */
type MailDeps = { mail: { kick(): void; readonly sending: boolean } };

/** The inbox's intents (docs/product.md §3.3), each with the permission it needs. */
export function inboxIntents(deps: FileDeps & MailDeps, agent: () => Promise<{ id: string; name: string }>) {
  return {
    [I.reply]: intent({
      permission: "chat:reply",
      schema: replySchema,
      run: async ({ clientId, message }) => staffReply(deps, clientId, await agent(), message),
      done: () => null,
      failed: refused(FAIL.reply),
      invalid: invalid(FAIL.reply),
    }),
    [I.photo]: intent({
      permission: "chat:reply",
      schema: staffPhotoSchema,
      run: async (input) => staffSendPhoto(deps, input.clientId, await agent(), input),
      done: () => null,
      failed: refused(FAIL.photo),
      invalid: invalid(FAIL.photo),
    }),
    [I.note]: intent({
      permission: "chat:reply",
      schema: noteSchema,
      run: async ({ clientId, message }) => addNote(deps, clientId, await agent(), message),
      done: () => null,
      failed: refused(FAIL.note),
      invalid: invalid(FAIL.note),
    }),
    [I.read]: intent({
      permission: "chat:reply",
      schema: conversationSchema,
      run: ({ clientId }) => markRead(deps, clientId),
      done: () => null,
      failed: refused("No se pudieron cargar los mensajes."),
    }),
    [I.status]: intent({
      permission: "chat:reply",
      schema: conversationStatusSchema,
      run: async ({ clientId, status }) => setConversationStatus(deps, clientId, status, (await agent()).id),
      done: (_, { status }) => ({
        title: "Actualizado",
        description: `Conversación marcada como ${status === "resolved" ? "resuelta" : "abierta"}`,
      }),
      failed: refused(FAIL.status),
      invalid: invalid(FAIL.status),
    }),
    [I.rename]: intent({
      permission: "chat:manage",
      schema: renameSchema,
      run: ({ clientId, name }) => renameConversation(deps, clientId, name),
      done: () => ({ title: "Éxito", description: "Conversación renombrada." }),
      failed: refused(FAIL.rename),
      invalid: invalid(FAIL.rename),
    }),
    [I.delete]: intent({
      permission: "chat:manage",
      schema: conversationSchema,
      run: ({ clientId }) => deleteConversation(deps, clientId),
      done: () => ({ title: "Éxito", description: "Conversación eliminada." }),
      failed: refused(FAIL.delete),
      invalid: invalid(FAIL.delete),
    }),
    [I.assign]: intent({
      permission: "chat:reply",
      schema: assignSchema,
      run: ({ clientId, agentId }) => assignConversation(deps, clientId, agentId),
      // Choosing whoever has it already changes nothing, and says nothing.
      done: (a) =>
        a.changed ? { title: "Conversación asignada", description: `Asignada a ${a.agentName}.` } : null,
      failed: refused(FAIL.assign),
      invalid: invalid(FAIL.assign),
    }),
    [I.assignMe]: intent({
      permission: "chat:reply",
      schema: conversationSchema,
      run: async ({ clientId }) => assignConversation(deps, clientId, (await agent()).id),
      done: () => ({ title: "Conversación asignada", description: "Ahora es tuya." }),
      failed: refused(FAIL.assign),
      invalid: invalid(FAIL.assign),
    }),
    [I.unassign]: intent({
      permission: "chat:reply",
      schema: conversationSchema,
      run: ({ clientId }) => unassignConversation(deps, clientId),
      done: () => ({ title: "Asignación removida", description: "La conversación ya no tiene agente." }),
      failed: refused(FAIL.unassign),
      invalid: invalid(FAIL.unassign),
    }),
    [I.agentStatus]: intent({
      permission: "chat:reply",
      schema: agentStatusSchema,
      // The status itself is chosen through /api/chat/agent (header and card alike); this saves
      // the response time and message ('Guardar Estado'), and a status when one is sent.
      run: async (v) => updateAgentStatus(deps, (await agent()).id, v),
      done: () => STATUS_SAVED,
      failed: refused(FAIL.status),
      invalid: invalid(FAIL.status),
    }),
    [I.contactEdit]: intent({
      permission: "chat:manage",
      schema: contactEditSchema,
      run: ({ contactId, ...details }) => updateContact(deps, contactId, details),
      done: () => ({ title: "Éxito", description: "Contacto guardado." }),
      failed: refused(FAIL.contact),
      fieldError: (e) =>
        e.reason === "contact-phone-taken" || e.reason === "contact-email-taken"
          ? { [e.reason === "contact-phone-taken" ? "phone" : "email"]: [chatRefusal(e) ?? FAIL.contact] }
          : undefined,
    }),
    [I.contactMerge]: intent({
      permission: "chat:manage",
      schema: contactMergeSchema,
      run: ({ keepId, goneId }) => mergeContacts(deps, keepId, goneId),
      done: (c) => ({ title: "Éxito", description: `Contactos combinados en ${c.name}.` }),
      failed: refused(FAIL.merge),
      invalid: invalid(FAIL.merge),
    }),
    [I.contactUnmerge]: intent({
      permission: "chat:manage",
      schema: contactUnmergeSchema,
      run: ({ mergeId }) => undoMerge(deps, mergeId),
      done: () => ({
        title: "Éxito",
        description: "Combinación deshecha: los dos contactos vuelven a estar separados.",
      }),
      failed: refused(FAIL.unmerge),
      invalid: invalid(FAIL.unmerge),
    }),
    [I.transcript]: intent({
      permission: "chat:reply",
      schema: conversationSchema,
      run: ({ clientId }) => sendTranscript(deps, clientId),
      // Without a mail server it waits in 'Correo' (/admin/correo), where an admin reads it.
      done: ({ to }) =>
        deps.mail.sending
          ? { title: "Correo en camino", description: `Conversación enviada a ${to}.` }
          : {
              title: "Guardada en Correo",
              description: `Conversación para ${to}: no hay servidor de correo configurado.`,
              variant: "warning",
            },
      failed: (e) =>
        e?.reason === "transcript-no-email"
          ? errorToast("Este contacto no tiene correo.")
          : refused(FAIL.transcript)(e),
      invalid: invalid(FAIL.transcript),
    }),
  };
}
