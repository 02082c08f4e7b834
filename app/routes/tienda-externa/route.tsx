import { Globe } from "lucide-react";
import { redirect } from "react-router";
import { dispatchIntent, intentsWith, readForm } from "~/.server/http/intents";
import { PageHeader } from "~/components/page-header";
import {
  EMPTY_LINK,
  EMPTY_LINK_FIELD,
  extractProductLink,
  listInSpanish,
  marketplaceById,
  NOT_A_LINK,
  QUOTE_MARKETPLACES,
  quoteMessage,
} from "~/lib/marketplaces";
import { pageMeta } from "~/lib/meta";
import { waMeHref } from "~/lib/phone-links";
import { quoteFormSchema } from "~/lib/quote-forms";
import { siteContact } from "~/lib/site-contact";
import { errorToast, type ToastMessage } from "~/lib/toast";
import { useSite } from "~/lib/use-site";
import type { Route } from "./+types/route";
import { QuoteAside } from "./quote-aside";
import { QuoteTabs } from "./quote-tabs";

const NAMES = QUOTE_MARKETPLACES.map((m) => m.name);
const STORES = listInSpanish(NAMES);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData, {
    title: "Tiendas Externas",
    description: `Cotiza productos de ${STORES}: pega el enlace y te decimos cuánto cuesta recibirlo en Nicaragua o Costa Rica.`,
    path: "/tienda-externa",
  });

const intent = intentsWith<ToastMessage>();

/**
 * A quote sent before the page's scripts run, or without them: the server answers with a
 * redirect to WhatsApp carrying the same message as the '¡Casi listo!' dialog. With scripts,
 * the form opens that dialog instead and never posts.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { logger, siteContent } = context.services;
  return dispatchIntent(
    await readForm(request),
    {
      quote: intent({
        schema: quoteFormSchema,
        run: async () => siteContact((await siteContent.get()).text).whatsapp,
        done: () => null,
        respond: (whatsapp, v) =>
          redirect(
            waMeHref(whatsapp, quoteMessage(marketplaceById(v.tienda).name, extractProductLink(v.link))),
          ),
        failed: () => errorToast("No se pudo preparar tu cotización. Inténtalo de nuevo."),
        invalid: (errors) =>
          errors.link?.[0] === EMPTY_LINK_FIELD
            ? errorToast(EMPTY_LINK, "Enlace Vacío")
            : errorToast(errors.link?.[0] ?? NOT_A_LINK, "Enlace inválido"),
      }),
    },
    { logger, unknownIntent: errorToast("Acción desconocida.") },
  );
}

export default function TiendaExternaPage({ actionData }: Route.ComponentProps) {
  const { text, contact } = useSite();
  return (
    <>
      <PageHeader
        title="Tiendas Externas"
        icon={Globe}
        subtitle={`¿Viste algo en ${listInSpanish(NAMES, "o")}? Envíanos el enlace y te cotizamos el producto puesto en tu país.`}
      />
      <section aria-labelledby="cotizar-titulo" className="px-4 py-12 sm:px-6 md:py-16">
        <h2 id="cotizar-titulo" className="sr-only">
          Solicita tu cotización
        </h2>
        <div className="mx-auto grid max-w-6xl gap-8 lg:grid-cols-[1fr_20rem]">
          <QuoteTabs whatsapp={contact.whatsapp} reply={actionData} />
          <QuoteAside text={text} />
        </div>
      </section>
    </>
  );
}
