import { Globe } from "lucide-react";
import { PageHeader } from "~/components/page-header";
import { QuoteAside } from "~/components/pages/external/quote-aside";
import { QuoteTabs } from "~/components/pages/external/quote-tabs";
import { useSite } from "~/components/pages/use-site";
import { listInSpanish, QUOTE_MARKETPLACES } from "~/lib/marketplaces";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/tienda-externa";

const NAMES = QUOTE_MARKETPLACES.map((m) => m.name);
const STORES = listInSpanish(NAMES);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData, {
    title: "Tiendas Externas",
    description: `Cotiza productos de ${STORES}: pega el enlace y te decimos cuánto cuesta recibirlo en Nicaragua o Costa Rica.`,
    path: "/tienda-externa",
  });

export default function TiendaExternaPage() {
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
          <QuoteTabs whatsapp={contact.whatsapp} />
          <QuoteAside text={text} />
        </div>
      </section>
    </>
  );
}
