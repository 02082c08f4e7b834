import { actorOf } from "~/.server/audit/audit";
import { listHeroImages, readHeroCarouselSettings } from "~/.server/content/hero-admin";
import { requirePermission, requireStaff } from "~/.server/http/guards";
import { dispatchIntent, readForm } from "~/.server/http/intents";
import { loaderFailure } from "~/.server/http/outage";
import { StaffPage } from "~/components/staff/staff-page";
import { pageTitle } from "~/lib/meta";
import { errorToast } from "~/lib/toast";
import type { Route } from "./+types/route";
import { HeroAdmin } from "./hero-admin";
import { heroIntents } from "./intents";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Gestión del Carrusel Principal") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "content:manage");
  const { db, logger } = context.services;
  let images: Awaited<ReturnType<typeof listHeroImages>>;
  try {
    images = await listHeroImages(db);
  } catch (err) {
    throw loaderFailure(err, { logger, what: "Hero images fetch error" });
  }
  return { images, settings: await readHeroCarouselSettings(db, logger) };
}

/** The screen's changes except uploads (those go to /admin/uploads, with progress); each intent names its permission. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(request, context);
  const form = await readForm(request);
  const { logger } = context.services;
  return dispatchIntent(form, heroIntents({ ...context.services, actor: actorOf(user, context.clientIp) }), {
    logger,
    unknownIntent: errorToast("Acción desconocida."),
    user,
    forbidden: errorToast("No tienes permiso para esta acción."),
  });
}

export default function HeroImagesRoute({ loaderData }: Route.ComponentProps) {
  return (
    <StaffPage
      title="Gestión del Carrusel Principal"
      description="La imagen principal, la galería y cómo se muestra el carrusel de la portada."
    >
      <HeroAdmin images={loaderData.images} settings={loaderData.settings} />
    </StaffPage>
  );
}
