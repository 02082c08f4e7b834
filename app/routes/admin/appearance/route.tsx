import { actorOf } from "~/.server/audit/audit";
import { requirePermission, requireStaff } from "~/.server/http/guards";
import { dispatchIntent, readForm } from "~/.server/http/intents";
import { loaderFailure } from "~/.server/http/outage";
import { ContentScreenPage } from "~/components/staff/content-tabs";
import { pageTitle } from "~/lib/meta";
import { errorToast } from "~/lib/toast";
import type { Route } from "./+types/route";
import { AppearanceTab } from "./appearance-tab";
import { appearanceIntents } from "./intents";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Apariencia") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "content:manage");
  const { logger, siteContent } = context.services;
  try {
    return { settings: (await siteContent.get()).settings };
  } catch (err) {
    throw loaderFailure(err, { logger, what: "Appearance fetch error" });
  }
}

/** The appearance's save; its permission is checked before the form is read. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(request, context);
  const form = await readForm(request);
  const { db, bus, storage, logger } = context.services;
  return dispatchIntent(
    form,
    appearanceIntents({ db, bus, storage, logger, actor: actorOf(user, context.clientIp) }, user),
    {
      logger,
      unknownIntent: errorToast("Acción desconocida."),
      user,
      forbidden: errorToast("No tienes permiso para esta acción."),
    },
  );
}

/** 'Apariencia' (docs/product.md §3.2): logo, colours and font, at its own address. */
export default function AppearanceRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ContentScreenPage current="/admin/apariencia">
      <AppearanceTab settings={loaderData.settings} />
    </ContentScreenPage>
  );
}
