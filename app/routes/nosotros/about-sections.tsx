import { Award, Eye, HandHeart, ShieldCheck, Target } from "lucide-react";
import { FeatureCard, Section } from "~/components/page-section";
import { Card } from "~/components/ui/card";

const FACTS = [
  { value: "4", label: "países de destino en Centroamérica" },
  { value: "1000+", label: "tiendas de EE. UU. donde compramos por ti" },
  { value: "100%", label: "atención en español, por teléfono y WhatsApp" },
];

/** Who we are: a short story and three facts that hold for any installation. */
export function StorySection({ siteName }: { siteName: string }) {
  return (
    <section aria-labelledby="historia-titulo" className="px-4 py-14 sm:px-6 md:py-20">
      <div className="mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-2">
        <div>
          <p className="mb-2 text-sm font-semibold tracking-wide text-primary uppercase">Quiénes somos</p>
          <h2 id="historia-titulo" className="text-2xl font-bold tracking-tight sm:text-3xl md:text-4xl">
            Un pedacito de casa en Miami
          </h2>
          <div className="mt-5 grid gap-4 text-base leading-relaxed text-muted-foreground">
            <p>
              {siteName} nació para servir a la comunidad latina de Miami: un mini market con los productos
              que extrañamos de nuestra tierra y un equipo que habla tu idioma.
            </p>
            <p>
              Con el tiempo empezamos a ayudar a nuestros clientes a enviar paquetes y encomiendas a sus
              familias en Nicaragua, Costa Rica y toda Centroamérica, y a comprar en tiendas de Estados Unidos
              que no envían a su país. Hoy hacemos todo eso en un solo lugar, con el mismo trato cercano de
              siempre.
            </p>
          </div>
        </div>
        <ul className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
          {FACTS.map((f) => (
            <li key={f.label}>
              <Card className="flex items-center gap-5 p-5">
                <span className="w-24 shrink-0 font-heading text-3xl font-bold text-primary sm:w-28 sm:text-4xl">
                  {f.value}
                </span>
                <span className="text-sm text-muted-foreground">{f.label}</span>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Mission and vision side by side. */
export function MissionVision() {
  return (
    <Section id="mision" eyebrow="Lo que nos mueve" title="Misión y Visión" className="bg-primary/5">
      <div className="grid gap-5 md:grid-cols-2">
        <FeatureCard icon={Target} title="Nuestra Misión">
          Acercar a las familias latinas a lo que necesitan: productos frescos de calidad en Miami y envíos
          seguros y a buen precio hasta Centroamérica, con una atención honesta y en nuestro idioma.
        </FeatureCard>
        <FeatureCard icon={Eye} title="Nuestra Visión">
          Ser el mini market y la agencia de envíos de confianza de la comunidad centroamericana en Miami,
          reconocidos por cumplir cada entrega y cuidar cada paquete como si fuera nuestro.
        </FeatureCard>
      </div>
    </Section>
  );
}

const VALUES = [
  {
    icon: ShieldCheck,
    title: "Confiabilidad",
    text: "Cumplimos lo que prometemos: precios claros, paquetes cuidados y seguimiento en cada paso.",
  },
  {
    icon: Award,
    title: "Excelencia",
    text: "Seleccionamos bien nuestros productos y mejoramos cada día nuestro servicio de envíos.",
  },
  {
    icon: HandHeart,
    title: "Compromiso",
    text: "Con nuestros clientes y sus familias: sabemos lo que significa cada encomienda que sale de Miami.",
  },
];

/** The three values of docs/product.md §2.6. */
export function ValuesSection() {
  return (
    <Section id="valores" eyebrow="En lo que creemos" title="Nuestros Valores">
      <ul className="grid gap-5 md:grid-cols-3">
        {VALUES.map((v) => (
          <li key={v.title}>
            <FeatureCard icon={v.icon} title={v.title}>
              {v.text}
            </FeatureCard>
          </li>
        ))}
      </ul>
    </Section>
  );
}
