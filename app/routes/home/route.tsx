import { ArrowRight, PackageSearch } from "lucide-react";
import { Link } from "react-router";
import { listActiveHeroSlides, loadHeroCarouselConfig } from "~/.server/content/hero";
import { loaderFailure } from "~/.server/http/outage";
import { buttonVariants } from "~/components/ui/button";
import { DEFAULT_HERO_IMAGE, HERO_DEFAULT_ALT } from "~/lib/hero";
import { srcSetFor, variantUrl } from "~/lib/images";
import { localBusinessJsonLd } from "~/lib/local-business";
import { pageMeta, siteFromRoot } from "~/lib/meta";
import { useSite } from "~/lib/use-site";
import type { Route } from "./+types/route";
import { HeroCarousel } from "./hero-carousel";
import { ServicesSection, WhyChooseSection } from "./landing-sections";
import { ShippingCta } from "./shipping-cta";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger, siteContent } = context.services;
  let slides: Awaited<ReturnType<typeof listActiveHeroSlides>>;
  try {
    slides = await listActiveHeroSlides(db);
  } catch (err) {
    // docs/product.md §2: this failure shows the 'Error al Cargar Datos' screen.
    throw loaderFailure(err, { logger, what: "Hero images fetch error" });
  }
  const [config, { settings }] = await Promise.all([loadHeroCarouselConfig(db, logger), siteContent.get()]);
  const origin = context.publicOrigin;
  // docs/product.md §3.5: a disabled carousel, or one without images, shows the banner (or the
  // built-in picture when there is no banner either).
  const carousel = config.autoplay && slides.length > 0;
  const banner = settings.bannerImageUrl;
  const shown = carousel
    ? slides.map((s) => ({
        id: s.id,
        style: s.isMain ? s.style : null,
        src: s.imageUrl,
        srcSet: srcSetFor(s.imageUrl, "hero"),
        alt: s.altText?.trim() || HERO_DEFAULT_ALT,
      }))
    : [
        banner
          ? {
              id: "banner",
              style: null,
              src: banner,
              srcSet: srcSetFor(banner, "banner"),
              alt: HERO_DEFAULT_ALT,
            }
          : { id: "default", style: null, src: DEFAULT_HERO_IMAGE, srcSet: undefined, alt: HERO_DEFAULT_ALT },
      ];
  const share = carousel ? slides[0]?.imageUrl : banner || undefined;
  return {
    slides: shown,
    config,
    origin,
    // Link previews (WhatsApp) need an absolute URL; the 1280 px copy is plenty for them.
    shareImage: share
      ? new URL(srcSetFor(share, "hero") ? variantUrl(share, 1280) : share, origin).href
      : undefined,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = matches[0]?.loaderData;
  const { text, siteName } = siteFromRoot(root);
  return [
    ...pageMeta(root, {
      title: text.heroTitle,
      description: text.heroSubtitle,
      path: "/",
      image: loaderData?.shareImage,
    }),
    {
      "script:ld+json": localBusinessJsonLd(text, siteName, loaderData?.origin ?? "", loaderData?.shareImage),
    },
  ];
};

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { text, contact, siteName } = useSite();
  return (
    <>
      <HeroCarousel slides={loaderData.slides} config={loaderData.config}>
        <h1 className="text-4xl leading-tight font-bold tracking-tight sm:text-5xl lg:text-6xl">
          {text.heroTitle}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-white/95 sm:text-xl">{text.heroSubtitle}</p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link
            to="/tienda"
            className={buttonVariants({
              size: "lg",
              className: "bg-accent text-accent-foreground shadow-lg [text-shadow:none] hover:bg-accent/90",
            })}
          >
            Ir a la Tienda
            <ArrowRight aria-hidden="true" />
          </Link>
          <Link
            to="/seguimiento"
            className={buttonVariants({
              size: "lg",
              variant: "outline",
              className: "border-white/70 bg-black/20 text-white hover:bg-black/35 hover:text-white",
            })}
          >
            <PackageSearch aria-hidden="true" />
            Rastrear mi pedido
          </Link>
        </div>
      </HeroCarousel>
      <ServicesSection />
      <WhyChooseSection siteName={siteName} />
      <ShippingCta title={text.shippingInfoTitle} body={text.shippingInfoBody} whatsapp={contact.whatsapp} />
    </>
  );
}
