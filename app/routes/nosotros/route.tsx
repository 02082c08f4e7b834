import { Users } from "lucide-react";
import { listActiveCustomerPhotos } from "~/.server/content/about";
import { loaderFailure } from "~/.server/http/outage";
import { PageHeader } from "~/components/page-header";
import { Section } from "~/components/page-section";
import { CUSTOMER_PHOTO_DEFAULT_ALT } from "~/lib/customer-photos";
import { pageMeta } from "~/lib/meta";
import { useSite } from "~/lib/use-site";
import type { Route } from "./+types/route";
import { MissionVision, StorySection, ValuesSection } from "./about-sections";
import { CustomerCarousel } from "./customer-carousel";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.services;
  try {
    const photos = await listActiveCustomerPhotos(db);
    return {
      photos: photos.map((p) => ({
        id: p.id,
        src: p.imageUrl,
        alt: p.altText?.trim() || CUSTOMER_PHOTO_DEFAULT_ALT,
      })),
    };
  } catch (err) {
    // docs/product.md §2: this failure shows the 'Error al Cargar Datos' screen.
    throw loaderFailure(err, { logger, what: "About us carousel fetch error" });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData, {
    title: "Nosotros",
    description:
      "Conoce nuestro mini market latino en Miami: nuestra misión, nuestros valores y las familias que confían en nosotros.",
    path: "/nosotros",
  });

export default function NosotrosPage({ loaderData }: Route.ComponentProps) {
  const { siteName } = useSite();
  const { photos } = loaderData;
  return (
    <>
      <PageHeader
        title="Nosotros"
        icon={Users}
        subtitle="Somos un mini market latino en Miami que une a las familias con su tierra, un paquete a la vez."
      />
      <StorySection siteName={siteName} />
      <MissionVision />
      <ValuesSection />
      {photos.length > 0 && (
        <Section
          id="clientes"
          eyebrow="Nuestra comunidad"
          title="Clientes Satisfechos"
          intro="Gracias a cada familia que nos confía sus compras y sus encomiendas."
          className="bg-muted"
        >
          <CustomerCarousel photos={photos} />
        </Section>
      )}
    </>
  );
}
