import { data } from "react-router";
import { actorOf } from "~/.server/audit/audit";
import {
  createSavedReply,
  deleteSavedReply,
  listSavedReplies,
  updateSavedReply,
} from "~/.server/chat/saved-replies";
import type { DomainError } from "~/.server/errors";
import { requirePermission } from "~/.server/http/guards";
import { dispatchIntent, readForm, staffIntentsWith } from "~/.server/http/intents";
import { chatRefusal } from "~/lib/chat";
import { SAVED_REPLY_INTENTS } from "~/lib/chat-api";
import { savedReplyIdSchema, savedReplySchema } from "~/lib/chat-forms";
import { pageTitle } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { BACK_PARAM, chatReturnPath } from "~/lib/saved-replies-link";
import { errorToast, type ToastMessage } from "~/lib/toast";
import type { Route } from "./+types/route";
import { SavedRepliesScreen } from "./saved-replies-screen";

const intent = staffIntentsWith<ToastMessage>();

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Respuestas guardadas") },
  { name: "robots", content: "noindex" },
];

/** Saved replies (docs/product.md §3.3): everyone keeps their own here; admins the team's too. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "chat:reply");
  // 'Volver al chat' goes back to the conversation the person came from (a path of the inbox only).
  const back = chatReturnPath(new URL(request.url).searchParams.get(BACK_PARAM));
  try {
    return {
      replies: await listSavedReplies(context.services.db, user.id),
      canManageTeam: can(user, "replies:manage"),
      back,
    };
  } catch (err) {
    context.services.logger.error({ err }, "saved replies list failed");
    throw data({ message: "No se pudieron cargar las respuestas guardadas." }, { status: 503 });
  }
}

const refused = (what: string) => (error: DomainError | null) =>
  errorToast(
    error?.kind === "not_found"
      ? `${what}: la respuesta ya no existe.`
      : error?.kind === "forbidden"
        ? `${what}: ${chatRefusal(error)}`
        : `${what}.`,
  );

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "chat:reply");
  const form = await readForm(request);
  const { db, logger } = context.services;
  // Everyone changes their own replies; the team's need replies:manage (checked in the domain).
  const deps = {
    db,
    owner: user.id,
    team: can(user, "replies:manage"),
    actor: actorOf(user, context.clientIp),
  };
  return dispatchIntent(
    form,
    {
      [SAVED_REPLY_INTENTS.save]: intent({
        permission: "chat:reply",
        schema: savedReplySchema,
        resetForm: true,
        run: ({ id, ...v }) => (id ? updateSavedReply(deps, id, v) : createSavedReply(deps, v)),
        done: (_, v) => ({
          title: "Éxito",
          description: v.id ? "Respuesta actualizada." : "Respuesta agregada.",
        }),
        failed: refused("No se pudo guardar la respuesta"),
      }),
      [SAVED_REPLY_INTENTS.delete]: intent({
        permission: "chat:reply",
        schema: savedReplyIdSchema,
        run: ({ id }) => deleteSavedReply(deps, id),
        done: () => ({ title: "Éxito", description: "Respuesta eliminada." }),
        failed: refused("No se pudo eliminar la respuesta"),
      }),
    },
    {
      logger,
      user,
      unknownIntent: errorToast("Acción desconocida."),
      forbidden: errorToast("No tienes permiso para esta acción."),
    },
  );
}

export default function SavedRepliesRoute({ loaderData }: Route.ComponentProps) {
  return (
    <SavedRepliesScreen
      replies={loaderData.replies}
      canManageTeam={loaderData.canManageTeam}
      back={loaderData.back}
    />
  );
}
