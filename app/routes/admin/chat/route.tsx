import { useLoaderData } from "react-router";
import { actorOf } from "~/.server/audit/audit";
import { authorizer, requirePermission, requireStaff } from "~/.server/auth/guards";
import { agentFor, updateAgentStatus } from "~/.server/chat/agents";
import { assignConversation, unassignConversation } from "~/.server/chat/assignment";
import { loadInbox } from "~/.server/chat/inbox";
import { inboxListQuery } from "~/.server/chat/inbox-params";
import { listSavedReplies } from "~/.server/chat/saved-replies";
import {
  deleteConversation,
  markRead,
  renameConversation,
  setConversationStatus,
  staffReply,
  staffSendPhoto,
} from "~/.server/chat/staff";
import type { DomainError } from "~/.server/errors";
import { dispatchIntent, readForm, staffIntentsWith } from "~/.server/http/intents";
import { chatRefusal } from "~/lib/chat";
import {
  agentStatusSchema,
  assignSchema,
  CHAT_INTENT,
  conversationSchema,
  conversationStatusSchema,
  renameSchema,
  replySchema,
  staffPhotoSchema,
} from "~/lib/chat-forms";
import { firstError } from "~/lib/forms";
import { pageTitle } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { errorToast, type ToastMessage } from "~/lib/toast";
import type { StaffHandle } from "../layout/route";
import type { Route } from "./+types/route";
import { ChatInbox } from "./inbox";

const intent = staffIntentsWith<ToastMessage>();

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Panel de Chat") },
  { name: "robots", content: "noindex" },
];

/** docs/product.md §3.3: the chat inbox (admin and operador), with its own header. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "chat:reply");
  const { db, bus, logger } = context.services;
  const since = await bus.latestId().catch(() => 0);
  const params = new URL(request.url).searchParams;
  const [inbox, savedReplies] = await Promise.all([
    loadInbox({ db, bus, logger }, user, params.get("c"), inboxListQuery(params)),
    listSavedReplies(db).catch((err: unknown) => {
      logger.error({ err }, "chat inbox: saved replies failed");
      return null;
    }),
  ]);
  return {
    ...inbox,
    savedReplies,
    since,
    user: { name: user.name, role: user.role },
    canManage: can(user, "chat:manage"),
    canManageReplies: can(user, "replies:manage"),
  };
}

/**
 * A refusal: a conflict or bad input is said as it is (e.g. only resolved conversations can be
 * deleted); anything else keeps the spec's failure text for the intent.
 */
function refused(fallback: string) {
  return (error: DomainError | null): ToastMessage =>
    errorToast(
      error && (error.kind === "invalid" || error.kind === "conflict")
        ? (chatRefusal(error) ?? fallback)
        : fallback,
    );
}
const invalid = (fallback: string) => (errors: Record<string, string[] | null>) =>
  errorToast(firstError(errors)?.[1] ?? fallback);

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(request, context);
  const form = await readForm(request);
  const { db, bus, logger, storage } = context.services;
  const deps = { db, bus, actor: actorOf(user, context.clientIp) };
  const failure = {
    reply: "No se pudo enviar la respuesta.",
    status: "No se pudo actualizar el estado.",
    rename: "No se pudo renombrar la conversación.",
    delete: "No se pudo eliminar la conversación.",
    assign: "No se pudo asignar la conversación",
    unassign: "No se pudo remover la asignación",
  };
  return dispatchIntent(
    form,
    {
      [CHAT_INTENT.reply]: intent({
        permission: "chat:reply",
        schema: replySchema,
        run: async ({ clientId, message }) => staffReply(deps, clientId, await agentFor(deps, user), message),
        done: () => null,
        failed: refused(failure.reply),
        invalid: invalid(failure.reply),
      }),
      [CHAT_INTENT.photo]: intent({
        permission: "chat:reply",
        schema: staffPhotoSchema,
        run: async (input) =>
          staffSendPhoto({ ...deps, storage, logger }, input.clientId, await agentFor(deps, user), input),
        done: () => null,
        failed: refused("No se pudo enviar la foto."),
        invalid: invalid("No se pudo enviar la foto."),
      }),
      [CHAT_INTENT.read]: intent({
        permission: "chat:reply",
        schema: conversationSchema,
        run: ({ clientId }) => markRead(deps, clientId),
        done: () => null,
        failed: refused("No se pudieron cargar los mensajes."),
      }),
      [CHAT_INTENT.status]: intent({
        permission: "chat:reply",
        schema: conversationStatusSchema,
        run: ({ clientId, status }) => setConversationStatus(deps, clientId, status),
        done: (_, { status }) => ({
          title: "Actualizado",
          description: `Conversación marcada como ${status === "resolved" ? "resuelta" : "abierta"}`,
        }),
        failed: refused(failure.status),
        invalid: invalid(failure.status),
      }),
      [CHAT_INTENT.rename]: intent({
        permission: "chat:manage",
        schema: renameSchema,
        run: ({ clientId, name }) => renameConversation(deps, clientId, name),
        done: () => ({ title: "Éxito", description: "Conversación renombrada." }),
        failed: refused(failure.rename),
        invalid: invalid(failure.rename),
      }),
      [CHAT_INTENT.delete]: intent({
        permission: "chat:manage",
        schema: conversationSchema,
        run: ({ clientId }) => deleteConversation({ ...deps, storage, logger }, clientId),
        done: () => ({ title: "Éxito", description: "Conversación eliminada." }),
        failed: refused(failure.delete),
        invalid: invalid(failure.delete),
      }),
      [CHAT_INTENT.assign]: intent({
        permission: "chat:reply",
        schema: assignSchema,
        run: ({ clientId, agentId }) => assignConversation(deps, clientId, agentId),
        done: (a) => ({ title: "Conversación asignada", description: `Asignada a ${a.agentName}.` }),
        failed: refused(failure.assign),
        invalid: invalid(failure.assign),
      }),
      [CHAT_INTENT.unassign]: intent({
        permission: "chat:reply",
        schema: conversationSchema,
        run: ({ clientId }) => unassignConversation(deps, clientId),
        done: () => ({ title: "Asignación removida", description: "La conversación ya no tiene agente." }),
        failed: refused(failure.unassign),
        invalid: invalid(failure.unassign),
      }),
      [CHAT_INTENT.agentStatus]: intent({
        permission: "chat:reply",
        schema: agentStatusSchema,
        run: async (v) => updateAgentStatus(deps, (await agentFor(deps, user)).id, v),
        done: () => ({ title: "Estado actualizado", description: "Tu estado se guardó." }),
        failed: refused(failure.status),
        invalid: invalid(failure.status),
      }),
    },
    { logger, unknownIntent: errorToast("Acción desconocida."), authorize: authorizer(request, context) },
  );
}

// docs/product.md §3.3: the frame's top bar carries 'Panel de Chat'; the inbox fills the screen.
export const handle: StaffHandle = { staffTitle: "Panel de Chat", fullHeight: true, unreadInTab: true };

export default function ChatRoute() {
  return <ChatInbox {...useLoaderData<typeof loader>()} />;
}
