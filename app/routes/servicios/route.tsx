import { Truck } from "lucide-react";
import { PageHeader } from "~/components/page-header";
import { Section } from "~/components/page-section";
import { pageMeta } from "~/lib/meta";
import { useSite } from "~/lib/use-site";
import type { Route } from "./+types/route";
import { BoxPrices } from "./box-prices";
import { ExtraFeatures, FamilyParcels, ServiceCards } from "./service-sections";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData, {
    title: "Servicios",
    description:
      "Envíos de paquetes y encomiendas familiares de Miami a Centroamérica: precios por caja desde $245, compras en EE. UU. y seguimiento.",
    path: "/servicios",
  });

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
