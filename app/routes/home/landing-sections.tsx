import {
  ArrowRight,
  BadgeDollarSign,
  Leaf,
  type LucideIcon,
  Plane,
  ShieldCheck,
  ShoppingCart,
  Truck,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { FeatureCard, Section } from "~/components/page-section";
import { LANDING_MARKETPLACES, listInSpanish } from "~/lib/marketplaces";
import { cheapestBoxCents } from "~/lib/price-list";
import { formatDollars } from "~/lib/prices";
import { useSite } from "~/lib/use-site";

type Service = { icon: LucideIcon; title: string; text: string; link: { to: string; label: string } };

const SERVICES: Service[] = [
  {
    icon: ShoppingCart,
    title: "Compras en Línea",
    text: `Compramos por ti en ${listInSpanish(LANDING_MARKETPLACES)} y te lo enviamos hasta la puerta de tu casa.`,
    link: { to: "/tienda-externa", label: "Cotizar un producto" },
  },
  {
    icon: Users,
    title: "Encomiendas Familiares",
    text: "Envía ropa, víveres y regalos a tu familia en Nicaragua, Costa Rica, Guatemala y Honduras.",
    link: { to: "/servicios#precios", label: "Ver precios por caja" },
  },
  {
    icon: Plane,
    title: "Envíos Aéreos Express",
    text: "Tus paquetes viajan por avión desde Miami para llegar en pocos días a Centroamérica.",
    link: { to: "/servicios", label: "Conocer los envíos" },
  },
  {
    icon: ShieldCheck,
    title: "Paquetes Seguros",
    text: "Cada paquete viaja protegido y con número de seguimiento para que sepas siempre dónde está.",
    link: { to: "/seguimiento", label: "Rastrear un pedido" },
  },
];

/** 'Nuestros Servicios' (docs/product.md §2.2): four cards, each leading to the page that serves it. */
export function ServicesSection() {
  const { prices } = useSite();
  // The family-parcel card names the owner's lowest box price (/admin/precios).
  const services = SERVICES.map((s) =>
    s.title === "Encomiendas Familiares"
      ? { ...s, text: `${s.text} Cajas desde ${formatDollars(cheapestBoxCents(prices))}.` }
      : s,
  );
  return (
    <Section
      id="servicios"
      eyebrow="Lo que hacemos"
      title="Nuestros Servicios"
      intro="Desde Miami hasta tu familia en Centroamérica: compras, envíos y encomiendas en un solo lugar."
    >
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {services.map((s) => (
          <li key={s.title}>
            <FeatureCard
              icon={s.icon}
              title={s.title}
              footer={
                <Link
                  to={s.link.to}
                  className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-primary hover:underline md:min-h-0"
                >
                  {s.link.label}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              }
            >
              {s.text}
            </FeatureCard>
          </li>
        ))}
      </ul>
    </Section>
  );
}

const REASONS = [
  {
    icon: Leaf,
    title: "Productos Frescos Diarios",
    text: "Recibimos frutas, verduras y productos latinos todos los días para que encuentres el sabor de casa.",
  },
  {
    icon: Truck,
    title: "Entregas Rápidas en Miami",
    text: "Llevamos tu pedido hasta tu puerta en Miami y sus alrededores, sin largas esperas.",
  },
  {
    icon: BadgeDollarSign,
    title: "Precios Competitivos",
    text: "Precios justos en la tienda y en los envíos, claros desde el principio y sin cargos escondidos.",
  },
];

/** 'Por Qué Elegir' (docs/product.md §2.2): three cards. */
export function WhyChooseSection({ siteName }: { siteName: string }) {
  return (
    <Section
      id="por-que-elegirnos"
      eyebrow="Tu tienda de confianza"
      title={`¿Por Qué Elegir ${siteName}?`}
      className="bg-muted"
    >
      <ul className="grid gap-5 md:grid-cols-3">
        {REASONS.map((r) => (
          <li key={r.title}>
            <FeatureCard icon={r.icon} title={r.title}>
              {r.text}
            </FeatureCard>
          </li>
        ))}
      </ul>
    </Section>
  );
}
