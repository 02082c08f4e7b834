import { actorOf } from "~/.server/audit/audit";
import { listCustomerPhotos } from "~/.server/content/customer-photos";
import { requirePermission, requireStaff } from "~/.server/http/guards";
import { dispatchIntent, readForm } from "~/.server/http/intents";
import { ContentScreenPage } from "~/components/staff/content-tabs";
import { pageTitle } from "~/lib/meta";
import { errorToast } from "~/lib/toast";
import type { Route } from "./+types/route";
import { CustomerPhotosTab } from "./customer-photos-tab";
import { customerPhotoIntents } from "./intents";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Carrusel Clientes") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "content:manage");
  const { db, logger } = context.services;
  // docs/product.md §3.2: photos that cannot be read leave the screen saying so.
  const photos = await listCustomerPhotos(db).catch((err) => {
    logger.error({ err }, "customer photos fetch failed");
    return null;
  });
  return { photos };
}

/** The photos' changes (order, 'Activo', description, delete); uploads go to /admin/uploads. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(request, context);
  const form = await readForm(request);
  const { db, bus, storage, logger } = context.services;
  return dispatchIntent(
    form,
    customerPhotoIntents({ db, bus, storage, logger, actor: actorOf(user, context.clientIp) }),
    {
      logger,
      unknownIntent: errorToast("Acción desconocida."),
      user,
      forbidden: errorToast("No tienes permiso para esta acción."),
    },
  );
}

/** 'Carrusel Clientes' (docs/product.md §3.2): the photos of /nosotros, at its own address. */
export default function CustomerPhotosRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ContentScreenPage current="/admin/clientes">
      <CustomerPhotosTab photos={loaderData.photos} />
    </ContentScreenPage>
  );
}
