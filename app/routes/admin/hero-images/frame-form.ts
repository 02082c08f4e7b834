import { z } from "zod";
import { HERO_OVERLAYS } from "~/lib/hero-frame";

/**
 * 'Guardar encuadre' (issue 42): one hero image's focal point and overlay, shared by its form
 * (Conform) and its action (intents.ts).
 */
export const HERO_FRAME_INTENT = "hero-frame-save";

const percent = (axis: "horizontal" | "vertical") =>
  z
    .number({ error: `El punto ${axis} debe ser un número entre 0 y 100.` })
    .int(`El punto ${axis} debe ser un número entero.`)
    .min(0, `El punto ${axis} mínimo es 0 %.`)
    .max(100, `El punto ${axis} máximo es 100 %.`);

export const heroFrameSchema = z.object({
  id: z.uuid({ error: "Imagen no encontrada." }),
  focalX: percent("horizontal"),
  focalY: percent("vertical"),
  overlay: z.enum(HERO_OVERLAYS, { error: "Elige de la lista cuánto oscurecer la imagen." }),
});
