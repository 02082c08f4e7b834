/** The landing hero carousel's shapes and defaults (docs/product.md §2.2), shared by the server and the page. */

/** How the main image is displayed (hero_gallery_images.style_settings). */
export type HeroStyleSettings = {
  object_fit: "cover" | "contain" | "fill" | "none" | "scale-down";
  object_position_x: "left" | "center" | "right";
  object_position_y: "top" | "center" | "bottom";
  width: number;
  height: number;
};

export type HeroSlide = {
  id: string;
  imageUrl: string;
  altText: string | null;
  /** display_order 0: the main image, shown first. */
  isMain: boolean;
  style: HeroStyleSettings | null;
};

/** What the landing page reads from hero_carousel_settings, plus the fixed overlay. */
export type HeroCarouselConfig = {
  /** is_enabled: off means a still hero with the main image only. */
  autoplay: boolean;
  delay: number;
  showArrows: boolean;
  showDots: boolean;
  overlayOpacity: number;
};

export const HERO_CAROUSEL_DEFAULTS: HeroCarouselConfig = {
  autoplay: true,
  delay: 5000,
  showArrows: true,
  showDots: true,
  overlayOpacity: 0.5,
};

/** The built-in picture of the landing hero when there is no hero image and no banner. */
export const DEFAULT_HERO_IMAGE = "/images/hero-default.svg";
