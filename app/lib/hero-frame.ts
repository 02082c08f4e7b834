/**
 * How each hero image is framed on the landing page (issue 42, docs/decisions/0030): the point of
 * the picture that stays in view on every screen (its focal point, in % from the left and from the
 * top) and how much it is darkened under the white title. The server turns these into the style
 * values the landing draws (`heroSlideFrame`); the admin's previews use the same functions. No zod
 * here: nothing of this module may pull a schema library into a page's scripts.
 */

export type FocalPoint = { focalX: number; focalY: number };

/** A new image, and every image uploaded before the focal point existed, is framed on its centre. */
export const FOCAL_DEFAULT: FocalPoint = { focalX: 50, focalY: 50 };

/** What the admin's arrow keys move the point by, in %. */
export const FOCAL_STEP = 5;

/** The overlay choices, stored in hero_gallery_images.overlay. */
export const HERO_OVERLAYS = ["auto", "claro", "oscuro", "ninguno"] as const;
export type HeroOverlay = (typeof HERO_OVERLAYS)[number];

/** Each choice as the admin reads it: its name and one plain sentence of what it does. */
export const HERO_OVERLAY_LABELS: Record<HeroOverlay, { label: string; hint: string }> = {
  auto: {
    label: "Automático",
    hint: "Oscurece más las fotos claras y menos las oscuras, para que el título blanco siempre se lea.",
  },
  claro: {
    label: "Poco",
    hint: "Oscurece un poco: para fotos oscuras o tranquilas detrás del título.",
  },
  oscuro: {
    label: "Mucho",
    hint: "Oscurece bastante: para fotos muy claras o con mucho detalle detrás del título.",
  },
  ninguno: {
    label: "Sin oscurecer",
    hint: "La foto se ve tal cual: úsalo solo si ya es oscura detrás del título, o no se leerá.",
  },
};

/** The owner's fixed choices, as the opacity of the black layer over the picture. */
const FIXED_OPACITY: Record<Exclude<HeroOverlay, "auto">, number> = { claro: 0.3, oscuro: 0.7, ninguno: 0 };

/** 'auto' for a picture never measured (older rows): the spec's overlay (docs/product.md §5). */
export const MEDIUM_OVERLAY = 0.5;
/** 'auto' never goes below this (a dark picture still gets a veil) nor above that (the photo must show). */
export const AUTO_OVERLAY_MIN = 0.3;
export const AUTO_OVERLAY_MAX = 0.85;
/**
 * 'auto' aims at this contrast of the white title over the darkened picture's average lightness
 * (WCAG's 7:1), so parts up to about twice as bright as the average still reach roughly 4.5:1.
 */
const AUTO_TARGET_CONTRAST = 7;

/** The sRGB value 0–1 as light (relative luminance), as WCAG computes contrast. */
function linear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/**
 * The opacity of the black layer over a picture (0–1, two decimals). 'auto' darkens a picture of
 * lightness `brightness` (0–100, its mean, measured at upload) just enough for the white title:
 * white (luminance 1) over the picture's luminance L darkened by opacity a has the contrast
 * 1.05 / (L·(1 − a) + 0.05); a = 1 − (1.05 / 7 − 0.05) / L reaches 7:1, kept within
 * [AUTO_OVERLAY_MIN, AUTO_OVERLAY_MAX]. A white picture gets 0.85 (5.25:1), a medium one
 * (lightness 50) about 0.53, a dark one 0.3. Unknown lightness (null): the spec's 0.5.
 */
export function heroOverlayOpacity(overlay: HeroOverlay, brightness: number | null): number {
  if (overlay !== "auto") return FIXED_OPACITY[overlay];
  if (brightness === null || !Number.isFinite(brightness)) return MEDIUM_OVERLAY;
  const luminance = linear(Math.min(100, Math.max(0, brightness)) / 100);
  const allowed = 1.05 / AUTO_TARGET_CONTRAST - 0.05;
  const wanted = luminance <= allowed ? 0 : 1 - allowed / luminance;
  const opacity = Math.min(AUTO_OVERLAY_MAX, Math.max(AUTO_OVERLAY_MIN, wanted));
  return Math.round(opacity * 100) / 100;
}

/** The contrast ratio of the white title over a picture of `brightness` under `opacity` of black. */
export function titleContrast(brightness: number, opacity: number): number {
  const background = linear(Math.min(100, Math.max(0, brightness)) / 100) * (1 - opacity);
  return 1.05 / (background + 0.05);
}

/** CSS object-position of a focal point: the point sits where it would in the whole picture. */
export function heroObjectPosition({ focalX, focalY }: FocalPoint): string {
  return `${focalX}% ${focalY}%`;
}

/** What the landing draws of one slide: server-computed style values, no code in the page. */
export type HeroSlideFrame = { position: string; overlay: number };

export function heroSlideFrame(image: FocalPoint & { overlay: HeroOverlay; brightness: number | null }) {
  return {
    position: heroObjectPosition(image),
    overlay: heroOverlayOpacity(image.overlay, image.brightness),
  } satisfies HeroSlideFrame;
}

/** The `what` of the audit row of 'Guardar encuadre' (described in app/lib/audit-entries.ts). */
export const HERO_FRAME_AUDIT = "focal-point";

/** A point within 0–100, whole percent. */
export const clampPercent = (n: number) => Math.min(100, Math.max(0, Math.round(n)));

/**
 * The spec's coarse positions of card 2 ('Izquierda', 'Centro', 'Derecha'; 'Arriba', 'Centro',
 * 'Abajo') are presets of the same point: each as a percent, and the word nearest a percent.
 */
export const POSITION_PERCENT = { left: 0, top: 0, center: 50, right: 100, bottom: 100 } as const;

export function positionWordX(percent: number): "left" | "center" | "right" {
  return percent < 34 ? "left" : percent > 66 ? "right" : "center";
}

export function positionWordY(percent: number): "top" | "center" | "bottom" {
  return percent < 34 ? "top" : percent > 66 ? "bottom" : "center";
}

/**
 * The focal point after card 2's 'Guardar Ajustes': a coarse position changed there moves the
 * point to that edge (or the centre); one left as it read (the word nearest the point) keeps the
 * point the owner set in 'Encuadre'.
 */
export function focalAfterStyle(
  current: FocalPoint,
  style: { object_position_x: "left" | "center" | "right"; object_position_y: "top" | "center" | "bottom" },
): FocalPoint {
  return {
    focalX:
      positionWordX(current.focalX) === style.object_position_x
        ? current.focalX
        : POSITION_PERCENT[style.object_position_x],
    focalY:
      positionWordY(current.focalY) === style.object_position_y
        ? current.focalY
        : POSITION_PERCENT[style.object_position_y],
  };
}
