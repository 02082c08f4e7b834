import { MessageCircle, Package } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { waMeHref } from "~/lib/phone-links";

export type ShippingCtaProps = {
  title: string;
  body: string;
  /** The shop's WhatsApp number (SiteContact.whatsapp). */
  whatsapp: string | null;
};

/** Closing band of the landing page: the site text's shipping note and the two next steps. */
export function ShippingCta({ title, body, whatsapp }: ShippingCtaProps) {
  return (
    <section aria-labelledby="envios-titulo" className="px-4 py-14 sm:px-6 md:py-20">
      <div className="relative isolate mx-auto max-w-6xl overflow-hidden rounded-3xl bg-primary px-6 py-10 text-primary-foreground shadow-lg [--focus-ring:white] sm:px-12 md:py-14">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_90%_10%,hsl(var(--accent)/0.35),transparent_40%),radial-gradient(circle_at_0%_100%,hsl(var(--secondary)/0.7),transparent_50%)]"
        />
        <div className="flex flex-col gap-8 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="envios-titulo" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {title}
            </h2>
            <p className="mt-3 text-base text-white/90 sm:text-lg">{body}</p>
          </div>
          <div className="flex shrink-0 flex-col gap-3 sm:flex-row md:flex-col lg:flex-row">
            <Link
              to="/servicios#precios"
              className={buttonVariants({
                size: "lg",
                className: "bg-accent text-accent-foreground hover:bg-accent/90",
              })}
            >
              <Package aria-hidden="true" />
              Ver precios de envío
            </Link>
            <a
              href={waMeHref(whatsapp, "Hola, quiero información sobre los envíos a Centroamérica.")}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({
                size: "lg",
                variant: "outline",
                className: "border-white/70 bg-transparent text-white hover:bg-white/10 hover:text-white",
              })}
            >
              <MessageCircle aria-hidden="true" />
              Escríbenos por WhatsApp
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
