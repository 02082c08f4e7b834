import { actorOf } from "~/.server/audit/audit";
import { listPriceChanges } from "~/.server/content/prices";
import { requirePermission, requireStaff } from "~/.server/http/guards";
import { dispatchIntent, readForm } from "~/.server/http/intents";
import { loaderFailure } from "~/.server/http/outage";
import { StaffPage } from "~/components/staff/staff-page";
import { pageTitle } from "~/lib/meta";
import { errorToast } from "~/lib/toast";
import type { Route } from "./+types/route";
import { priceIntents } from "./intents";
import { PriceForm } from "./price-form";
import { PriceHistory } from "./price-history";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Precios") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "content:manage");
  const { db, logger, siteContent } = context.services;
  try {
    const [{ prices }, changes] = await Promise.all([siteContent.get(), listPriceChanges(db, 20)]);
    return { prices, changes };
  } catch (err) {
    throw loaderFailure(err, { logger, what: "Price list fetch error" });
  }
}

/** The price list's changes; each intent's permission (admins) is checked before its form is read. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(request, context);
  const form = await readForm(request);
  const { db, bus, logger } = context.services;
  return dispatchIntent(form, priceIntents({ db, bus, actor: actorOf(user, context.clientIp) }, user), {
    logger,
    unknownIntent: errorToast("Acción desconocida."),
    user,
    forbidden: errorToast("No tienes permiso para esta acción."),
  });
}

export default function PricesRoute({ loaderData }: Route.ComponentProps) {
  const { prices, changes } = loaderData;
  // A new save or restore remounts the form with what is now stored.
  const version = changes[0]?.id ?? "defaults";
  return (
    <StaffPage
      title="Precios"
      description="Los precios de envío por caja y de Personal Shop. Lo que guardes aquí se ve en todo el sitio y en los mensajes de WhatsApp al instante."
    >
      <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <PriceForm key={version} prices={prices} />
        <PriceHistory changes={changes} />
      </div>
    </StaffPage>
  );
}
