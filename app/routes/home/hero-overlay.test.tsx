import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { HeroSlideView } from "~/components/hero-slide-image";
import { HERO_CAROUSEL_DEFAULTS } from "~/lib/hero";
import { HeroCarousel } from "./hero-carousel";

// Issue 42: the landing darkens each hero image by its own overlay (its lightness or the owner's
// choice), a style value the server computed; the layer follows the shown picture.

const slide = (over: Partial<HeroSlideView> = {}): HeroSlideView => ({
  id: "s1",
  src: "/files/site-assets/public/hero-main/a.webp",
  alt: "Estantes del mini market",
  style: null,
  ...over,
});

describe("HeroCarousel: each image's own overlay", () => {
  const slides = [
    slide({ frame: { position: "50% 50%", overlay: 0.85 } }),
    slide({ id: "s2", frame: { position: "20% 50%", overlay: 0.3 } }),
  ];
  const carousel = (list: HeroSlideView[], overlayOpacity = 0.5) => (
    <HeroCarousel slides={list} config={{ ...HERO_CAROUSEL_DEFAULTS, overlayOpacity }}>
      <h1>Título</h1>
    </HeroCarousel>
  );

  it("darkens the first picture by its own overlay in the server's HTML", () => {
    const html = renderToString(carousel(slides));
    expect(html).toContain("opacity:0.85");
    expect(html).not.toContain("opacity:0.5");
    expect(html).toContain("object-position:50% 50%");
  });

  it("follows the shown picture as it fades to the next one", async () => {
    render(carousel(slides));
    const layer = () => document.querySelector<HTMLElement>("section .bg-black");
    expect(layer()?.style.opacity).toBe("0.85");
    fireEvent.click(screen.getByRole("button", { name: "Ir a la imagen 2" }));
    await waitFor(() => expect(layer()?.style.opacity).toBe("0.3"));
  });

  it("keeps the configured overlay for a slide without one: a banner drawn undarkened stays so", () => {
    const html = renderToString(carousel([slide({ id: "banner" })], 0));
    expect(html).toContain("opacity:0");
    expect(renderToString(carousel([slide({ id: "default" })]))).toContain("opacity:0.5");
  });
});
