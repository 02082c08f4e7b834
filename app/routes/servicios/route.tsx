import { Truck } from "lucide-react";
import { PageHeader } from "~/components/page-header";
import { Section } from "~/components/page-section";
import { pageMeta, siteFromRoot } from "~/lib/meta";
import { cheapestBoxCents, priceListOffersJsonLd } from "~/lib/price-list";
import { formatDollars } from "~/lib/prices";
import { useSite } from "~/lib/use-site";
import type { Route } from "./+types/route";
import { BoxPrices } from "./box-prices";
import { ExtraFeatures, FamilyParcels, ServiceCards } from "./service-sections";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData;
  const { prices, siteName } = siteFromRoot(root);
  const origin = root?.origin ?? "";
  return [
    ...pageMeta(root, {
      title: "Servicios",
      description: `Envíos de paquetes y encomiendas familiares de Miami a Centroamérica: precios por caja desde ${formatDollars(
        cheapestBoxCents(prices),
      )}, compras en EE. UU. y seguimiento.`,
      path: "/servicios",
    }),
    {
      // The owner's current prices, so search results never show an old price.
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Service",
        name: "Envíos de paquetes a Centroamérica",
        provider: { "@type": "LocalBusiness", name: siteName, url: `${origin}/` },
        areaServed: ["NI", "CR", "GT", "HN"],
        offers: priceListOffersJsonLd(prices, origin),
      },
    },
  ];
};

export default function ServiciosPage() {
  const { text } = useSite();
  return (
    <>
      <PageHeader title={text.servicesTitle} subtitle={text.servicesSubtitle} icon={Truck} />
      <div className="px-4 pt-12 sm:px-6 md:pt-16">
        <div className="mx-auto max-w-6xl">
          <ServiceCards />
        </div>
      </div>
      <FamilyParcels />
      <Section
        id="precios"
        eyebrow="Precios por caja"
        title="Precios de Envío por Tamaño de Caja"
        intro="Precio fijo por caja, de Miami a Centroamérica. Medidas en pulgadas."
        className="pt-0 md:pt-0"
      >
        <BoxPrices />
      </Section>
      <ExtraFeatures />
    </>
  );
}
