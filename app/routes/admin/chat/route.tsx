import { useLoaderData } from "react-router";
import { actorOf } from "~/.server/audit/audit";
import { agentFor } from "~/.server/chat/agents";
import { loadInbox } from "~/.server/chat/inbox";
import { inboxListQuery } from "~/.server/chat/inbox-params";
import { listSavedReplies } from "~/.server/chat/saved-replies";
import { savedReplyVars } from "~/.server/chat/saved-reply-vars";
import { requirePermission } from "~/.server/http/guards";
import { dispatchIntent, readForm } from "~/.server/http/intents";
import { pageTitle } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { errorToast } from "~/lib/toast";
import type { StaffHandle } from "../layout/route";
import type { Route } from "./+types/route";
import { ChatInbox } from "./inbox";
import { inboxIntents } from "./intents";

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
    listSavedReplies(db, user.id).catch((err: unknown) => {
      logger.error({ err }, "chat inbox: saved replies failed");
      return null;
    }),
  ]);
  // Saved replies' {precios}, {horario}, {cajas}, {seguimiento}: from the cached site content.
  const replyVars = await savedReplyVars({
    siteContent: context.services.siteContent,
    origin: context.publicOrigin,
    timeZone: context.services.config.TIME_ZONE,
  }).catch((err: unknown) => {
    logger.error({ err }, "chat inbox: saved replies' site values failed");
    return null;
  });
  return {
    ...inbox,
    savedReplies,
    replyVars,
    since,
    user: { name: user.name, role: user.role },
    canManage: can(user, "chat:manage"),
    canManageReplies: can(user, "replies:manage"),
    /** 'Crear pedido' in the side panel posts to /admin/orders, which checks this again. */
    canOrders: can(user, "orders:manage"),
    /** Tracking links sent in a reply are absolute, like the orders screen's. */
    origin: context.publicOrigin,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "chat:reply");
  const form = await readForm(request);
  const { db, bus, logger, storage, mail } = context.services;
  const deps = { db, bus, actor: actorOf(user, context.clientIp) };
  const agent = () => agentFor(deps, user);
  return dispatchIntent(form, inboxIntents({ ...deps, storage, logger, mail }, agent), {
    logger,
    user,
    unknownIntent: errorToast("Acción desconocida."),
    forbidden: errorToast("No tienes permiso para esta acción."),
  });
}

// docs/product.md §3.3: the frame's top bar carries 'Panel de Chat'; the inbox fills the screen.
export const handle: StaffHandle = { staffTitle: "Panel de Chat", fullHeight: true, unreadInTab: true };

export default function ChatRoute() {
  return <ChatInbox {...useLoaderData<typeof loader>()} />;
}
