import { Truck } from "lucide-react";
import { PageHeader } from "~/components/page-header";
import { Section } from "~/components/pages/section";
import { BoxPrices } from "~/components/pages/services/box-prices";
import { ExtraFeatures, FamilyParcels, ServiceCards } from "~/components/pages/services/service-sections";
import { useSite } from "~/components/pages/use-site";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/servicios";

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
