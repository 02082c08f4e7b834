import { data, useLoaderData } from "react-router";
import { ChatInbox } from "~/components/chat/inbox";
import { pageTitle } from "~/lib/meta";
import { canManageChat, readForm, requireRole, STAFF } from "~/server/auth/guards";
import { loadInbox, runInboxAction } from "~/server/chat/inbox";
import type { Route } from "./+types/chat";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Panel de Chat") },
  { name: "robots", content: "noindex" },
];

/** SPEC §2.13: the chat inbox (admin and operador), with its own header instead of the site shell. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireRole(request, context, STAFF);
  const { db, bus, logger } = context.services;
  const since = await bus.latestId().catch(() => 0);
  const selected = new URL(request.url).searchParams.get("c");
  const inbox = await loadInbox({ db, bus, logger }, user, selected);
  return { ...inbox, since, user: { name: user.name, role: user.role }, canManage: canManageChat(user) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(request, context, STAFF);
  const form = await readForm(request);
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
  const { db, bus, logger } = context.services;
  const { status, result } = await runInboxAction({ db, bus, logger }, user, fields);
  return data(result, { status });
}

export default function ChatRoute() {
  return <ChatInbox {...useLoaderData<typeof loader>()} />;
}
