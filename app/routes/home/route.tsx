import { ArrowRight, PackageSearch } from "lucide-react";
import { Link } from "react-router";
import { listActiveHeroSlides, loadHeroCarouselConfig } from "~/.server/content/hero";
import { loaderFailure } from "~/.server/http/outage";
import { buttonVariants } from "~/components/ui/button";
import { DEFAULT_HERO_IMAGE, HERO_DEFAULT_ALT } from "~/lib/hero";
import { srcSetFor, variantUrl } from "~/lib/images";
import { localBusinessJsonLd } from "~/lib/local-business";
import { pageMeta, siteFromRoot } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { priceListOffersJsonLd } from "~/lib/price-list";
import { BANNER_LAYOUTS, type BannerLayout } from "~/lib/site";
import { useSite } from "~/lib/use-site";
import type { Route } from "./+types/route";
import { BannerWhole } from "./banner-whole";
import { HeroCarousel } from "./hero-carousel";
import { ServicesSection, WhyChooseSection } from "./landing-sections";
import { ShippingCta } from "./shipping-cta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, logger, siteContent } = context.services;
  // The banner screen's previews (/admin/content): staff see the banner as the site draws it,
  // even while the carousel hides it, in the layout they are choosing.
  const preview = bannerPreviewOf(new URL(request.url).searchParams, context.auth.user);
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
  const carousel = !preview && config.autoplay && slides.length > 0;
  const banner = settings.bannerImageUrl;
  // An uploaded banner is drawn the way the owner chose (docs: issue 38): the built-in picture
  // and the carousel keep the spec's title over a darkened image.
  const layout: BannerLayout = !carousel && banner ? (preview?.layout ?? settings.bannerLayout) : "overlay";
  const shown = carousel
    ? slides.map((s) => ({
        id: s.id,
        style: s.isMain ? s.style : null,
        // Focal point and overlay as style values (issue 42): computed here, no code in the page.
        frame: s.frame,
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
    layout,
    config,
    origin,
    // Link previews (WhatsApp) need an absolute URL; the 1280 px copy is plenty for them.
    shareImage: share
      ? new URL(srcSetFor(share, "hero") ? variantUrl(share, 1280) : share, origin).href
      : undefined,
  };
}

/** `?vista=banner&diseno=full` from a staff member who edits the banner; null for anyone else. */
function bannerPreviewOf(
  params: URLSearchParams,
  user: Parameters<typeof can>[0],
): { layout: BannerLayout | null } | null {
  if (params.get("vista") !== "banner" || !can(user, "content:manage")) return null;
  const asked = params.get("diseno");
  return {
    layout: (BANNER_LAYOUTS as readonly string[]).includes(asked ?? "") ? (asked as BannerLayout) : null,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = matches[0]?.loaderData;
  const { text, siteName, prices } = siteFromRoot(root);
  const origin = loaderData?.origin ?? "";
  return [
    ...pageMeta(root, {
      title: text.heroTitle,
      description: text.heroSubtitle,
      path: "/",
      image: loaderData?.shareImage,
    }),
    {
      "script:ld+json": {
        ...localBusinessJsonLd(text, siteName, origin, loaderData?.shareImage, root?.schedule.specialDates),
        makesOffer: priceListOffersJsonLd(prices, origin),
      },
    },
  ];
};

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { text, contact, siteName } = useSite();
  const { layout, slides, config } = loaderData;
  const whole = layout === "full" ? slides[0] : undefined;
  const hero = (
    <>
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
    </>
  );
  return (
    <>
      {whole ? (
        <BannerWhole slide={whole}>{hero}</BannerWhole>
      ) : (
        <HeroCarousel slides={slides} config={layout === "title" ? { ...config, overlayOpacity: 0 } : config}>
          {hero}
        </HeroCarousel>
      )}
      <ServicesSection />
      <WhyChooseSection siteName={siteName} />
      <ShippingCta title={text.shippingInfoTitle} body={text.shippingInfoBody} whatsapp={contact.whatsapp} />
    </>
  );
}
