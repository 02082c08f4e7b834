import {
  ArrowRight,
  CreditCard,
  Headphones,
  Heart,
  type LucideIcon,
  Package,
  PackageSearch,
  ShoppingBag,
  Zap,
} from "lucide-react";
import { Link } from "react-router";
import { FeatureCard, Section } from "~/components/page-section";
import { buttonVariants } from "~/components/ui/button";

type ServiceCard = { icon: LucideIcon; title: string; text: string; to: string; action: string };

const SERVICES: ServiceCard[] = [
  {
    icon: ShoppingBag,
    title: "Compras en Estados Unidos",
    text: "Compramos por ti en tiendas de EE. UU. y te lo enviamos a tu país, con seguimiento hasta tu puerta.",
    to: "/contact",
    action: "Solicitar Servicio",
  },
  {
    icon: Package,
    title: "Envío de Paquetes",
    text: "Enviamos tus paquetes desde Miami a Nicaragua, Costa Rica y el resto de Centroamérica por vía aérea.",
    to: "/contact",
    action: "Cotizar Envío",
  },
  {
    icon: PackageSearch,
    title: "Seguimiento de Pedidos",
    text: "Consulta en cualquier momento dónde está tu pedido con tu número de tracking.",
    to: "/seguimiento",
    action: "Consultar Estado",
  },
];

/** The three service cards of docs/product.md §2.7 with their links. */
export function ServiceCards() {
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {SERVICES.map((s) => (
        <li key={s.title}>
          <FeatureCard
            icon={s.icon}
            title={s.title}
            as="h2"
            footer={
              <Link to={s.to} className={buttonVariants({ className: "w-full" })}>
                {s.action}
                <ArrowRight aria-hidden="true" />
              </Link>
            }
          >
            {s.text}
          </FeatureCard>
        </li>
      ))}
    </ul>
  );
}

const DESTINATIONS = ["Nicaragua", "Costa Rica", "Guatemala", "Honduras"];
const CONTENTS = [
  "Ropa y calzado",
  "Víveres y productos secos",
  "Artículos para el hogar",
  "Regalos y juguetes",
];

/** 'Encomiendas Familiares' (docs/product.md §2.7): what can travel, where to, and a button to /contact. */
export function FamilyParcels() {
  return (
    <section aria-labelledby="encomiendas-titulo" className="px-4 py-14 sm:px-6 md:py-20">
      <div className="mx-auto grid max-w-6xl items-center gap-8 rounded-3xl bg-primary px-6 py-10 text-primary-foreground shadow-lg [--focus-ring:white] sm:px-10 md:grid-cols-[1.3fr_1fr] md:py-14">
        <div>
          <span className="flex size-12 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/25">
            <Heart aria-hidden="true" className="size-6" />
          </span>
          <h2 id="encomiendas-titulo" className="mt-4 text-2xl font-bold sm:text-3xl">
            Encomiendas Familiares
          </h2>
          <p className="mt-3 text-white/90">
            Llena una caja con todo lo que tu familia necesita y nosotros la llevamos hasta su casa, con un
            precio fijo según el tamaño de la caja.
          </p>
          <ul aria-label="Destinos" className="mt-5 flex flex-wrap gap-2">
            {DESTINATIONS.map((d) => (
              <li
                key={d}
                className="rounded-full bg-black/15 px-3 py-1 text-sm font-medium ring-1 ring-white/25"
              >
                {d}
              </li>
            ))}
          </ul>
          <Link
            to="/contact"
            className={buttonVariants({
              size: "lg",
              className: "mt-7 bg-accent text-accent-foreground hover:bg-accent/90",
            })}
          >
            Enviar una Encomienda
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
        {/* Darker, not lighter, than the green: translucent white would sink the white text's contrast. */}
        <div className="rounded-2xl bg-black/15 p-6 ring-1 ring-white/15">
          <h3 className="font-semibold">Qué puedes enviar</h3>
          <ul className="mt-3 grid gap-2 text-sm text-white/90">
            {CONTENTS.map((c) => (
              <li key={c} className="flex items-center gap-2">
                <span aria-hidden="true" className="size-1.5 rounded-full bg-accent" />
                {c}
              </li>
            ))}
          </ul>
          <p className="mt-4 text-xs text-white/80">
            Pregúntanos por artículos especiales: te decimos qué se permite en cada país.
          </p>
        </div>
      </div>
    </section>
  );
}

const EXTRAS = [
  { icon: Zap, title: "Entregas Rápidas", text: "Envíos aéreos desde Miami y entregas ágiles en la ciudad." },
  {
    icon: CreditCard,
    title: "Pagos Seguros",
    text: "Paga en la tienda o por medios seguros, con recibo de cada envío.",
  },
  {
    icon: Headphones,
    title: "Soporte Dedicado",
    text: "Te atendemos en español por teléfono, WhatsApp y chat.",
  },
];

/** The three additional features of docs/product.md §2.7. */
export function ExtraFeatures() {
  return (
    <Section
      id="ventajas"
      eyebrow="Siempre incluido"
      title="Además, con nosotros tienes"
      className="bg-muted"
    >
      <ul className="grid gap-5 md:grid-cols-3">
        {EXTRAS.map((e) => (
          <li key={e.title}>
            <FeatureCard icon={e.icon} title={e.title}>
              {e.text}
            </FeatureCard>
          </li>
        ))}
      </ul>
    </Section>
  );
}
