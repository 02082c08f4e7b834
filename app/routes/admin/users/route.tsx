import { data } from "react-router";
import { actorOf } from "~/.server/audit/audit";
import { requirePermission, requireStaff } from "~/.server/http/guards";
import { dispatchIntent, readForm } from "~/.server/http/intents";
import { listStaff } from "~/.server/staff/staff";
import { pageTitle } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { errorToast } from "~/lib/toast";
import type { Route } from "./+types/route";
import { staffIntents } from "./intents";
import { StaffTable } from "./staff-table";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Vista de Operadores") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "users:view");
  try {
    const users = await listStaff(context.services.db);
    return {
      users,
      now: Date.now(),
      me: user.id,
      canManage: can(user, "users:manage"),
      // Whether invitations and reset links leave by mail (else the generated password stays).
      mailSending: context.services.mail.sending,
    };
  } catch (err) {
    context.services.logger.error({ err }, "staff list failed");
    throw data(
      { message: "No se pudo cargar la lista de usuarios: la base de datos no respondió." },
      { status: 503 },
    );
  }
}

/** docs/product.md §3.7: staff management, admin only. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(request, context);
  const form = await readForm(request);
  const { db, bus, logger, mail } = context.services;
  return dispatchIntent(form, staffIntents({ db, bus, mail, actor: actorOf(user, context.clientIp) }), {
    logger,
    unknownIntent: errorToast("Acción desconocida."),
    user,
    forbidden: errorToast("No tienes permiso para esta acción."),
  });
}

export default function UsersRoute({ loaderData }: Route.ComponentProps) {
  return <StaffTable {...loaderData} />;
}
