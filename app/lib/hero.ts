/** The landing hero carousel's shapes and defaults (docs/product.md §2.2), shared by the server and the page. */
import type { HeroSlideFrame } from "./hero-frame";

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
  /** Where the picture is framed and how dark its overlay is (app/lib/hero-frame.ts). */
  frame: HeroSlideFrame;
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
/** docs/product.md §4.8, §5: the main image plus a gallery of 5, counted over active images. */
export const MAX_HERO_IMAGES = 6;

/** The alt text a new hero image gets, and the landing's fallback for an image without one. */
export const HERO_DEFAULT_ALT = "Nuestro mini market latino en Miami";

export const OBJECT_FITS = ["cover", "contain", "fill", "none", "scale-down"] as const;
export const POSITIONS_X = ["left", "center", "right"] as const;
export const POSITIONS_Y = ["top", "center", "bottom"] as const;

/** docs/product.md §5: fit cover, centred, 100 % x 100 %. */
export const HERO_STYLE_DEFAULTS: HeroStyleSettings = {
  object_fit: "cover",
  object_position_x: "center",
  object_position_y: "center",
  width: 100,
  height: 100,
};

/** hero_carousel_settings as the admin edits it (card 4 of /admin/hero-images). */
export type HeroCarouselSettings = {
  isEnabled: boolean;
  autoplaySpeed: number;
  showArrows: boolean;
  showDots: boolean;
};

/** docs/product.md §3.6, §5: autoplay 1000–10000 ms in steps of 500. */
export const AUTOPLAY_SPEED = { min: 1000, max: 10_000, step: 500 } as const;
