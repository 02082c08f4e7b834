import { z } from "zod";
import { dayStart, isDay } from "./dates";
import { minutesOf } from "./opening-hours";
import { isAnnouncementLink, MAX_ANNOUNCEMENT_LENGTH } from "./schedule";

/**
 * The forms of /admin/avisos ('Avisos y horarios'), shared by the screen and its action. Times are
 * the shop's wall clock as the inputs give them ('2026-12-24T18:00', '2026-12-24', '09:00'); the
 * domain turns them into instants in the configured TIME_ZONE.
 */

export const SCHEDULE_INTENT = {
  announcementSave: "announcement-save",
  announcementToggle: "announcement-toggle",
  announcementDelete: "announcement-delete",
  specialSave: "special-save",
  specialDelete: "special-delete",
} as const;

/** The longest special date: a year. */
export const MAX_SPECIAL_DAYS = 366;
export const MAX_REASON_LENGTH = 60;

const LOCAL = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2}(\.\d+)?)?$/;

/** A datetime-local value, seconds dropped. */
export const wallClock = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .regex(LOCAL, "Fecha y hora inválidas.")
    .transform((v) => v.slice(0, 16));

export const announcementSchema = z
  .object({
    id: z.uuid("Aviso no encontrado.").optional(),
    message: z
      .string({ error: "Escribe el aviso." })
      .trim()
      .min(1, "Escribe el aviso.")
      .max(
        MAX_ANNOUNCEMENT_LENGTH,
        `El aviso es demasiado largo (máximo ${MAX_ANNOUNCEMENT_LENGTH} caracteres).`,
      )
      // One line in the bar: line breaks typed in the box become spaces.
      .transform((v) => v.replace(/\s+/g, " ")),
    linkUrl: z
      .string()
      .trim()
      .max(500, "El enlace es demasiado largo (máximo 500 caracteres).")
      .refine(
        (v) => v === "" || isAnnouncementLink(v),
        "Escribe una dirección que empiece por https:// o una página del sitio, como /tienda.",
      )
      .optional()
      .transform((v) => v || null),
    startsAt: wallClock("Indica desde cuándo se muestra."),
    endsAt: wallClock("Indica hasta cuándo se muestra."),
    /** 'Mostrar' checkbox: 'on' when ticked. */
    active: z
      .enum(["on"])
      .optional()
      .transform((v) => v === "on"),
  })
  .refine((v) => v.endsAt > v.startsAt, {
    path: ["endsAt"],
    message: "«Hasta» debe ser después de «Desde».",
  });
export type AnnouncementValues = z.output<typeof announcementSchema>;

export const announcementIdSchema = z.object({ id: z.uuid("Aviso no encontrado.") });

export const announcementToggleSchema = z.object({
  id: z.uuid("Aviso no encontrado."),
  active: z.enum(["true", "false"]).transform((v) => v === "true"),
});

const day = (missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).refine(isDay, "Fecha inválida.");
const time = z
  .string()
  .trim()
  .refine((v) => minutesOf(v) !== null, "Hora inválida (HH:MM).")
  .optional();

export const specialDateSchema = z
  .object({
    id: z.uuid("Fecha especial no encontrada.").optional(),
    startsOn: day("Indica el día."),
    /** Empty: one day (the same as 'Desde'). */
    endsOn: z.string().trim().refine(isDay, "Fecha inválida.").optional(),
    kind: z.enum(["closed", "hours"], { error: "Elige «Cerrado» u «Otro horario»." }),
    opensAt: time,
    closesAt: time,
    reason: z
      .string({ error: "Escribe el motivo (por ejemplo, Navidad)." })
      .trim()
      .min(1, "Escribe el motivo (por ejemplo, Navidad).")
      .max(MAX_REASON_LENGTH, `El motivo es demasiado largo (máximo ${MAX_REASON_LENGTH} caracteres).`),
  })
  .superRefine((v, ctx) => {
    const endsOn = v.endsOn || v.startsOn;
    if (endsOn < v.startsOn) {
      ctx.addIssue({ code: "custom", path: ["endsOn"], message: "«Hasta» no puede ser antes de «Desde»." });
    } else {
      const [a, b] = [dayStart(v.startsOn, "UTC"), dayStart(endsOn, "UTC")];
      if (a && b && (b.getTime() - a.getTime()) / 86_400_000 >= MAX_SPECIAL_DAYS) {
        ctx.addIssue({
          code: "custom",
          path: ["endsOn"],
          message: `Una fecha especial dura como máximo ${MAX_SPECIAL_DAYS} días.`,
        });
      }
    }
    if (v.kind !== "hours") return;
    if (!v.opensAt) ctx.addIssue({ code: "custom", path: ["opensAt"], message: "Indica a qué hora abre." });
    if (!v.closesAt)
      ctx.addIssue({ code: "custom", path: ["closesAt"], message: "Indica a qué hora cierra." });
    const [open, close] = [minutesOf(v.opensAt), minutesOf(v.closesAt)];
    if (open !== null && close !== null && close <= open) {
      ctx.addIssue({
        code: "custom",
        path: ["closesAt"],
        message: "La hora de cierre debe ser después de la de apertura.",
      });
    }
  })
  .transform((v) => {
    const closed = v.kind === "closed";
    return {
      id: v.id,
      startsOn: v.startsOn,
      endsOn: v.endsOn || v.startsOn,
      closed,
      opensAt: closed ? null : (v.opensAt ?? null),
      closesAt: closed ? null : (v.closesAt ?? null),
      reason: v.reason,
    };
  });
export type SpecialDateValues = z.output<typeof specialDateSchema>;

export const specialDateIdSchema = z.object({ id: z.uuid("Fecha especial no encontrada.") });
