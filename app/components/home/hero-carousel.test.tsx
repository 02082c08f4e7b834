import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HERO_CAROUSEL_DEFAULTS, type HeroCarouselConfig } from "~/server/content/hero";
import { HeroCarousel } from "./hero-carousel";
import type { HeroSlideView } from "./hero-slide-image";

const slide = (n: number): HeroSlideView => ({
  id: `s${n}`,
  src: `/files/site-assets/public/hero-gallery/${n}.webp`,
  srcSet: `/files/site-assets/public/hero-gallery/${n}-640w.webp 640w`,
  alt: `Imagen ${n}`,
  style: null,
});
const render = (config: Partial<HeroCarouselConfig>, slides = [slide(1), slide(2), slide(3)]) =>
  renderToString(
    <HeroCarousel slides={slides} config={{ ...HERO_CAROUSEL_DEFAULTS, ...config }}>
      <h1>Título</h1>
    </HeroCarousel>,
  );

describe("HeroCarousel (server render)", () => {
  it("renders the first image eagerly with high priority and no other image yet", () => {
    const html = render({});
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).toMatch(/<img [^>]*fetchPriority="high"[^>]*>/i);
    expect(html).not.toContain('loading="lazy"');
    expect(html).toContain('aria-label="1 de 3"');
  });

  it("shows arrows, dots and the pause button with the default settings", () => {
    const html = render({});
    expect(html).toContain("Imagen siguiente");
    expect(html).toContain("Ir a la imagen 3");
    expect(html).toContain("Pausar carrusel");
    expect(html).toContain('data-autoplay="playing"');
  });

  it("honours arrows and dots switched off", () => {
    const html = render({ showArrows: false, showDots: false });
    expect(html).not.toContain("Imagen siguiente");
    expect(html).not.toContain("Ir a la imagen");
  });

  it("has no controls and no autoplay when the carousel is disabled", () => {
    // The loader passes only the main image when is_enabled is off.
    const html = render({ autoplay: false }, [slide(1)]);
    expect(html).not.toContain("Imagen siguiente");
    expect(html).not.toContain("Pausar carrusel");
    expect(html).not.toContain("aria-roledescription");
    expect(html).toContain('data-autoplay="stopped"');
  });

  it("darkens the images with the configured overlay and fades over 1.5 s", () => {
    const html = render({});
    expect(html).toContain("opacity:0.5");
    expect(html).toContain("duration-[1500ms]");
  });

  it("still renders a branded hero without any image", () => {
    const html = render({}, []);
    expect(html).not.toContain("<img");
    expect(html).toContain("<h1>Título</h1>");
  });
});
