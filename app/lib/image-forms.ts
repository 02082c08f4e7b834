import { z } from "zod";
import { AUTOPLAY_SPEED, type HeroStyleSettings, OBJECT_FITS, POSITIONS_X, POSITIONS_Y } from "./hero";

/**
 * The forms of the image screens (docs/product.md §3.2 'Carrusel Clientes', §3.6
 * /admin/hero-images), each shared by its form (Conform) and its action. Hero images and
 * customer photos share the per-image forms: upload, id, order and alt text.
 */

const imageId = z.uuid({ error: "Imagen no encontrada." });

/** A switch's hidden input: 'true' or 'false' (the switch is a button, not a checkbox). */
const switchValue = z.enum(["true", "false"], { error: "Valor inválido." }).transform((v) => v === "true");

/** One picked (and resized) picture; `fileName` is the name the admin picked, for the messages. */
export const imageUploadSchema = z.object({
  image: z.instanceof(Blob, { error: "Selecciona una imagen." }),
  fileName: z.string().trim().max(200).optional(),
  /** This upload's key (app/lib/ids.ts): the same upload sent again stores nothing twice. */
  requestKey: z
    .union([z.literal(""), z.uuid({ error: "Solicitud inválida." })])
    .optional()
    .transform((v) => (v ? v : null)),
});

/** 'Establecer como principal', delete. */
export const imageIdSchema = z.object({ id: imageId });

/** Drag-and-drop or the move buttons: every image of the list, in its new order. */
export const imageOrderSchema = z.object({
  ids: z.array(imageId).min(1, "No hay imágenes que ordenar.").max(20, "Demasiadas imágenes."),
});

/** The text a screen reader reads for an image (carousels and lightbox). */
export const altTextSchema = z.object({
  id: imageId,
  altText: z
    .string({ error: "Escribe una descripción de la imagen." })
    .trim()
    .min(1, "Escribe una descripción de la imagen.")
    .max(200, "Máximo 200 caracteres."),
});

/** A customer photo's 'Activo' switch. */
export const photoActiveSchema = z.object({ id: imageId, isActive: switchValue });

const percent = (what: string) =>
  z
    .number({ error: `El ${what} debe ser un número entre 10 y 100.` })
    .int(`El ${what} debe ser un número entero.`)
    .min(10, `El ${what} mínimo es 10 %.`)
    .max(100, `El ${what} máximo es 100 %.`);

/** Card 2, 'Guardar Ajustes': how the landing shows the main image (docs/product.md §3.6). */
export const heroStyleSchema = z.object({
  width: percent("ancho"),
  height: percent("alto"),
  object_fit: z.enum(OBJECT_FITS, { error: "Elige un ajuste de la lista." }),
  object_position_x: z.enum(POSITIONS_X, { error: "Elige una posición horizontal de la lista." }),
  object_position_y: z.enum(POSITIONS_Y, { error: "Elige una posición vertical de la lista." }),
}) satisfies z.ZodType<HeroStyleSettings>;

const { min, max, step } = AUTOPLAY_SPEED;

/** Card 4, 'Guardar Configuración' (docs/product.md §3.6, §5). */
export const heroCarouselSettingsSchema = z.object({
  isEnabled: switchValue,
  autoplaySpeed: z
    .number({ error: `La velocidad debe ser un número entre ${min} y ${max} ms.` })
    .int(`La velocidad debe ser un número entero de milisegundos.`)
    .min(min, `La velocidad mínima es ${min} ms.`)
    .max(max, `La velocidad máxima es ${max} ms.`)
    .multipleOf(step, `La velocidad va en pasos de ${step} ms.`),
  showArrows: switchValue,
  showDots: switchValue,
});

/** The two intents both image screens have: the order of their images and an image's description. */
export type ImageListIntents = { reorder: string; alt: string };

/** The intents of /admin/hero-images (app/routes/admin/hero-images/intents.ts), uploads included. */
export const HERO_INTENT = {
  mainSave: "hero-main-save",
  galleryAdd: "hero-gallery-add",
  setMain: "hero-set-main",
  delete: "hero-delete",
  styleSave: "hero-style-save",
  settingsSave: "hero-settings-save",
  reorder: "hero-reorder",
  alt: "hero-alt",
} as const satisfies ImageListIntents & Record<string, string>;

/** The intents of the 'Carrusel Clientes' tab (app/routes/admin/customer-photos/intents.ts). */
export const CUSTOMER_PHOTOS_INTENT = {
  upload: "customer-photo-upload",
  toggle: "customer-photo-toggle",
  delete: "customer-photo-delete",
  reorder: "customer-photo-reorder",
  alt: "customer-photo-alt",
} as const satisfies ImageListIntents & Record<string, string>;
