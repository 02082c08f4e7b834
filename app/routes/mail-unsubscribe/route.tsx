import { MailX } from "lucide-react";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { subscriptionByToken, unsubscribeByToken } from "~/.server/orders/mail-notices";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { pageTitle } from "~/lib/meta";
import { trackingPath } from "~/lib/orders";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Dejar de recibir avisos") },
  { name: "robots", content: "noindex" },
];

/** The link's own page: never kept by a browser or a shared cache (it names a parcel). */
const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await subscriptionByToken(context.services.db, params.token);
  return data(found ?? { trackingNumber: null, active: false }, {
    status: found ? 200 : 404,
    headers: PRIVATE,
  });
}

/**
 * Stops the parcel's notices for this address: the page's button, or a mail app's one-click
 * unsubscribe (RFC 8058: it posts `List-Unsubscribe=One-Click` here, with no cookies and no page).
 * Opening the link alone stops nothing: mail scanners open links.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const stopped = await unsubscribeByToken(context.services.db, params.token);
  return data({ stopped }, { status: stopped ? 200 : 404, headers: PRIVATE });
}

export default function MailUnsubscribePage() {
  const found = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const trackingNumber = done?.stopped ?? found.trackingNumber;
  return (
    <>
      <PageHeader title="Avisos por correo" subtitle="Los correos que te enviamos sobre un envío." />
      <div className="mx-auto max-w-xl px-4 py-8 md:py-12">
        <section className="space-y-4 rounded-2xl border border-border bg-card p-5 shadow-sm">
          {!trackingNumber ? (
            <>
              <h2 className="font-heading text-lg font-bold">Este enlace no es válido</h2>
              <p className="text-sm text-muted-foreground">
                Puede que el pedido ya no exista. Si sigues recibiendo correos, escríbenos y los detenemos.
              </p>
            </>
          ) : done?.stopped || !found.active ? (
            <>
              <h2 className="font-heading text-lg font-bold" role="status">
                Listo: ya no recibirás avisos del envío {trackingNumber}
              </h2>
              <p className="text-sm text-muted-foreground">
                Puedes seguir consultándolo cuando quieras en la página de seguimiento.
              </p>
              <Link to={trackingPath(trackingNumber)} className="text-sm font-medium text-primary underline">
                Ver el seguimiento de {trackingNumber}
              </Link>
            </>
          ) : (
            <>
              <h2 className="flex items-center gap-2 font-heading text-lg font-bold">
                <MailX aria-hidden="true" className="size-6 shrink-0 text-primary" />
                ¿Dejar de recibir los avisos del envío {trackingNumber}?
              </h2>
              <p className="text-sm text-muted-foreground">
                No te escribiremos más sobre este envío. Los demás envíos no cambian.
              </p>
              <Form method="post">
                <Button type="submit">Dejar de recibir</Button>
              </Form>
            </>
          )}
        </section>
      </div>
    </>
  );
}
