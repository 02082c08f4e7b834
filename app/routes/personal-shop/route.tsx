import { HeartHandshake, ShieldCheck, ShoppingBag, Store } from "lucide-react";
import { PageHeader } from "~/components/page-header";
import { FeatureCard, Section } from "~/components/page-section";
import { LANDING_MARKETPLACES } from "~/lib/marketplaces";
import { pageMeta, siteFromRoot } from "~/lib/meta";
import { formatPercent } from "~/lib/price-list";
import { formatDollars } from "~/lib/prices";
import { useSite } from "~/lib/use-site";
import type { Route } from "./+types/route";
import { PriceCards } from "./price-cards";
import { NumberedSteps } from "./steps";
import { StickyCta } from "./sticky-cta";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { prices } = siteFromRoot(matches[0]?.loaderData);
  return pageMeta(matches[0]?.loaderData, {
    title: "Personal Shop",
    description: `Compramos por ti en más de 1000 tiendas de Estados Unidos y te lo enviamos a Centroamérica: ${formatPercent(
      prices.commissionBasisPoints,
    )} de comisión y ${formatDollars(prices.pricePerPoundCents)} por libra.`,
    path: "/personal-shop",
  });
};

const BENEFITS = [
  {
    icon: Store,
    title: "Más de 1000 Tiendas",
    text: "Compra en tiendas de EE. UU. aunque no envíen a tu país: nosotros recibimos tu pedido en Miami.",
  },
  {
    icon: ShieldCheck,
    title: "Compra Segura",
    text: "Pagamos con nuestras cuentas de EE. UU.; tu tarjeta no queda expuesta en sitios que no conoces.",
  },
  {
    icon: HeartHandshake,
    title: "Asesoría Personal",
    text: "Te ayudamos a elegir tallas, comparar precios y encontrar las mejores ofertas.",
  },
];

const STEPS = [
  { title: "Escríbenos", text: "Cuéntanos por WhatsApp qué quieres comprar." },
  { title: "Envía tu lista", text: "Mándanos los enlaces o fotos, con tallas y colores." },
  { title: "Recibe tu cotización", text: "Te enviamos el total: compra, comisión y envío." },
  { title: "Compramos por ti", text: "Al confirmar tu pago compramos y recibimos todo en Miami." },
  { title: "Recíbelo en casa", text: "Lo enviamos a tu país con número de seguimiento." },
];

const STORE_NAMES = [...LANDING_MARKETPLACES, "Target", "Nike", "Macy's", "Best Buy", "Old Navy", "eBay"];

export default function PersonalShopPage() {
  const { contact } = useSite();
  return (
    <>
      <PageHeader
        title="Personal Shop"
        icon={ShoppingBag}
        subtitle="Tu asistente de compras en Estados Unidos: compramos por ti en más de 1000 tiendas y te lo enviamos a casa."
      />
      <Section id="beneficios" eyebrow="Compra sin complicaciones" title="¿Por qué usar Personal Shop?">
        <ul className="grid gap-5 md:grid-cols-3">
          {BENEFITS.map((b) => (
            <li key={b.title}>
              <FeatureCard icon={b.icon} title={b.title}>
                {b.text}
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="como-funciona" eyebrow="Paso a paso" title="¿Cómo funciona?" className="bg-primary/5">
        <NumberedSteps steps={STEPS} label="Pasos del servicio" />
      </Section>
      <Section id="precios" eyebrow="Precios claros" title="Lo que pagas">
        <PriceCards />
      </Section>
      <section aria-labelledby="tiendas-titulo" className="px-4 pb-16 sm:px-6">
        <div className="mx-auto max-w-4xl rounded-3xl bg-primary px-6 py-10 text-center text-primary-foreground shadow-lg">
          <h2 id="tiendas-titulo" className="text-2xl font-bold sm:text-3xl">
            Más de 1000 tiendas a tu alcance
          </h2>
          <p className="mt-3 text-white/90">Si se vende en Estados Unidos, lo compramos por ti.</p>
          <ul className="mt-6 flex flex-wrap justify-center gap-2">
            {STORE_NAMES.map((name) => (
              <li
                key={name}
                className="rounded-full bg-black/15 px-4 py-1.5 text-sm font-medium ring-1 ring-white/25"
              >
                {name}
              </li>
            ))}
            <li className="rounded-full bg-accent px-4 py-1.5 text-sm font-semibold text-accent-foreground">
              y muchas más
            </li>
          </ul>
        </div>
      </section>
      <StickyCta whatsapp={contact.whatsapp} />
    </>
  );
}
