import { data } from "react-router";
import { actorOf } from "~/.server/audit/audit";
import { authorizer, requirePermission, requireStaff } from "~/.server/auth/guards";
import {
  createSavedReply,
  deleteSavedReply,
  listSavedReplies,
  updateSavedReply,
} from "~/.server/chat/saved-replies";
import type { DomainError } from "~/.server/errors";
import { dispatchIntent, readForm, staffIntentsWith } from "~/.server/http/intents";
import { SAVED_REPLIES_INTENT, savedReplyIdSchema, savedReplySchema } from "~/lib/chat-forms";
import { pageTitle } from "~/lib/meta";
import { errorToast, type ToastMessage } from "~/lib/toast";
import type { Route } from "./+types/route";
import { SavedRepliesScreen } from "./saved-replies-screen";

const intent = staffIntentsWith<ToastMessage>();

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Respuestas guardadas") },
  { name: "robots", content: "noindex" },
];

/** Saved replies (docs/product.md §3.3): admins manage them here; staff insert them in the inbox. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "replies:manage");
  try {
    return { replies: await listSavedReplies(context.services.db) };
  } catch (err) {
    context.services.logger.error({ err }, "saved replies list failed");
    throw data({ message: "No se pudieron cargar las respuestas guardadas." }, { status: 503 });
  }
}

const refused = (what: string) => (error: DomainError | null) =>
  errorToast(error?.kind === "not_found" ? `${what}: la respuesta ya no existe.` : `${what}.`);

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(request, context);
  const form = await readForm(request);
  const { db, logger } = context.services;
  const deps = { db, actor: actorOf(user, context.clientIp) };
  return dispatchIntent(
    form,
    {
      [SAVED_REPLIES_INTENT.save]: intent({
        permission: "replies:manage",
        schema: savedReplySchema,
        resetForm: true,
        run: ({ id, ...v }) => (id ? updateSavedReply(deps, id, v) : createSavedReply(deps, v)),
        done: (_, v) => ({
          title: "Éxito",
          description: v.id ? "Respuesta actualizada." : "Respuesta agregada.",
        }),
        failed: refused("No se pudo guardar la respuesta"),
      }),
      [SAVED_REPLIES_INTENT.delete]: intent({
        permission: "replies:manage",
        schema: savedReplyIdSchema,
        run: ({ id }) => deleteSavedReply(deps, id),
        done: () => ({ title: "Éxito", description: "Respuesta eliminada." }),
        failed: refused("No se pudo eliminar la respuesta"),
      }),
    },
    { logger, unknownIntent: errorToast("Acción desconocida."), authorize: authorizer(request, context) },
  );
}

export default function SavedRepliesRoute({ loaderData }: Route.ComponentProps) {
  return <SavedRepliesScreen replies={loaderData.replies} />;
}
