import { fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { HeroSlideView } from "~/components/hero-slide-image";
import { HERO_CAROUSEL_DEFAULTS, type HeroCarouselConfig } from "~/lib/hero";
import { HeroCarousel } from "./hero-carousel";

const slide = (n: number): HeroSlideView => ({
  id: `s${n}`,
  src: `/files/site-assets/public/hero-gallery/${n}.webp`,
  srcSet: `/files/site-assets/public/hero-gallery/${n}-640w.webp 640w`,
  alt: `Imagen ${n}`,
  style: null,
});
const hero = (config: Partial<HeroCarouselConfig>, slides = [slide(1), slide(2), slide(3)]) => (
  <HeroCarousel slides={slides} config={{ ...HERO_CAROUSEL_DEFAULTS, ...config }}>
    <h1>Título</h1>
  </HeroCarousel>
);
const serverRender = (config: Partial<HeroCarouselConfig>) => renderToString(hero(config));
const show = (config: Partial<HeroCarouselConfig>, slides?: HeroSlideView[]) => {
  render(hero(config, slides));
  return screen.getByRole("region", { name: "Presentación" });
};
const buttonNames = () => screen.queryAllByRole("button").map((b) => b.getAttribute("aria-label"));

describe("HeroCarousel (server render)", () => {
  it("renders the first image eagerly with high priority and no other image yet", () => {
    const html = serverRender({});
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).toMatch(/<img [^>]*fetchPriority="high"[^>]*>/i);
    expect(html).not.toContain('loading="lazy"');
    expect(html).toContain('aria-label="1 de 3"');
  });

  it("darkens the images with the configured overlay and fades over 1.5 s", () => {
    const html = serverRender({});
    expect(html).toContain("opacity:0.5");
    expect(html).toContain("duration-[1500ms]");
  });
});

describe("HeroCarousel", () => {
  it("shows arrows, dots and the pause button with the default settings, one slide at a time", () => {
    const region = show({});
    expect(region.getAttribute("data-autoplay")).toBe("playing");
    // Arrows beside the picture, and again beside the dots on phones.
    expect(buttonNames()).toEqual([
      "Imagen anterior",
      "Imagen siguiente",
      "Imagen anterior",
      "Ir a la imagen 1",
      "Ir a la imagen 2",
      "Ir a la imagen 3",
      "Imagen siguiente",
      "Pausar carrusel",
    ]);
    // Hidden slides are hidden from assistive technology too.
    const current = () =>
      within(region)
        .getAllByRole("group")
        .map((g) => g.getAttribute("aria-label"));
    expect(current()).toEqual(["1 de 3"]);
    fireEvent.click(screen.getAllByRole("button", { name: "Imagen siguiente" })[0] as HTMLElement);
    expect(current()).toEqual(["2 de 3"]);
    expect(screen.getByRole("button", { name: "Ir a la imagen 2" }).getAttribute("aria-current")).toBe(
      "true",
    );
  });

  it("honours arrows and dots switched off", () => {
    show({ showArrows: false, showDots: false });
    expect(buttonNames()).toEqual(["Pausar carrusel"]);
  });

  it("has no controls and no autoplay when the carousel is disabled", () => {
    // A disabled carousel gets one picture from the loader: the banner or the built-in one.
    const region = show({ autoplay: false }, [slide(1)]);
    expect(buttonNames()).toEqual([]);
    expect(within(region).queryByRole("group")).toBeNull();
    expect(region.getAttribute("aria-roledescription")).toBeNull();
    expect(region.getAttribute("data-autoplay")).toBe("stopped");
  });

  it("still renders a branded hero without any image", () => {
    const region = show({}, []);
    expect(within(region).queryByRole("img")).toBeNull();
    expect(within(region).getByRole("heading", { level: 1, name: "Título" })).toBeTruthy();
  });
});
