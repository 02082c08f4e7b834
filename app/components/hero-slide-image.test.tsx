import { render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HERO_STYLE_DEFAULTS, OBJECT_FITS } from "~/lib/hero";
import { heroSlideFrame } from "~/lib/hero-frame";
import { HeroSlideImage, type HeroSlideView } from "./hero-slide-image";

// Issue 42: the landing frames each hero image on its focal point, for every fit and width, from
// style values the server computed (no code of the page's own).

const slide = (over: Partial<HeroSlideView> = {}): HeroSlideView => ({
  id: "s1",
  src: "/files/site-assets/public/hero-main/a.webp",
  alt: "Estantes del mini market",
  style: null,
  ...over,
});
const imageStyle = (s: HeroSlideView) => {
  render(<HeroSlideImage slide={s} priority />);
  return screen.getByRole("img").style;
};

describe("HeroSlideImage: the focal point", () => {
  it("sets object-position from the point, server-rendered", () => {
    const frame = heroSlideFrame({ focalX: 95, focalY: 30, overlay: "auto", brightness: 80 });
    const html = renderToString(<HeroSlideImage slide={slide({ frame })} priority />);
    expect(html).toContain("object-position:95% 30%");
    expect(html).toContain("object-fit:cover");
  });

  it("uses the point with every fit of the main image's display settings, instead of their coarse words", () => {
    for (const fit of OBJECT_FITS) {
      const style = imageStyle(
        slide({
          style: { ...HERO_STYLE_DEFAULTS, object_fit: fit, object_position_x: "left", width: 80 },
          frame: { position: "10% 90%", overlay: 0.5 },
        }),
      );
      expect([style.objectFit, style.objectPosition, style.width]).toEqual([fit, "10% 90%", "80%"]);
      screen.getByRole("img").remove();
    }
  });

  it("centres a picture without a point (the banner, the built-in picture)", () => {
    expect(imageStyle(slide()).objectPosition).toBe("center");
  });
});
