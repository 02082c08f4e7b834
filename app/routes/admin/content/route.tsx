import { actorOf } from "~/.server/audit/audit";
import { listBannerHistory } from "~/.server/content/banner";
import { bannerPlacement } from "~/.server/content/hero";
import { requirePermission, requireStaff } from "~/.server/http/guards";
import { dispatchIntent, readForm } from "~/.server/http/intents";
import { StaffPage } from "~/components/staff/staff-page";
import { pageTitle } from "~/lib/meta";
import { errorToast } from "~/lib/toast";
import type { Route } from "./+types/route";
import { BannerManager } from "./banner-manager";
import { bannerIntents } from "./intents";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Gestión de Contenido") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "content:manage");
  const { db, logger, siteContent } = context.services;
  const { settings } = await siteContent.get();
  // docs/product.md §6: a history that cannot be read is said in a toast; the page still works.
  const history = await listBannerHistory(db).catch((err: unknown) => {
    logger.error({ err }, "banner history fetch failed");
    return null;
  });
  const placement = await bannerPlacement(db, logger).catch(() => null);
  return {
    banner: settings.bannerImageUrl,
    layout: settings.bannerLayout,
    placement,
    history: history ?? [],
    historyFailed: history === null,
  };
}

/**
 * The banner's changes (docs/product.md §3.5). Nobody signed out gets the upload read; each
 * intent's permission (admins) is checked by dispatchIntent before its form is parsed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(request, context);
  const form = await readForm(request);
  const { db, bus, storage, logger } = context.services;
  const actor = actorOf(user, context.clientIp);
  return dispatchIntent(form, bannerIntents({ db, bus, storage, logger, actor }, user), {
    logger,
    unknownIntent: errorToast("Acción desconocida."),
    user,
    forbidden: errorToast("No tienes permiso para esta acción."),
  });
}

export default function ContentRoute({ loaderData }: Route.ComponentProps) {
  return (
    <StaffPage title="Gestión de Contenido">
      <BannerManager {...loaderData} />
    </StaffPage>
  );
}
