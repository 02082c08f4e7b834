import {
  deleteAnnouncement,
  deleteSpecialDate,
  type ScheduleDeps,
  SpecialDateOverlapError,
  saveAnnouncement,
  saveSpecialDate,
  setAnnouncementActive,
} from "~/.server/content/schedule";
import type { DomainError } from "~/.server/errors";
import { type StaffIntentTable, staffIntentsWith } from "~/.server/http/intents";
import { formatDayRange } from "~/lib/dates";
import {
  announcementIdSchema,
  announcementSchema,
  announcementToggleSchema,
  SCHEDULE_INTENT,
  specialDateIdSchema,
  specialDateSchema,
} from "~/lib/schedule-forms";
import { errorToast, type ToastMessage } from "~/lib/toast";

const intent = staffIntentsWith<ToastMessage>();

/** Why a change was refused, in the owner's words. */
function reason(error: DomainError | null, gone: string): string {
  if (error?.kind === "not_found") return gone;
  if (error?.kind === "invalid" || error?.kind === "conflict") return "revisa los campos marcados.";
  return "la base de datos no respondió.";
}

/** A refusal about one field, shown by that field. */
function fieldError(error: DomainError, timeZone: string): Record<string, string[]> | undefined {
  if (error instanceof SpecialDateOverlapError) {
    const o = error.other;
    const days = formatDayRange(o.startsOn, o.endsOn, new Date(), timeZone);
    return { startsOn: [`Se cruza con otra fecha especial: ${days}${o.reason ? ` (${o.reason})` : ""}.`] };
  }
  switch (error.reason) {
    case "announcement-ended":
      return { endsAt: ["Esa hora ya pasó: el aviso no llegaría a verse."] };
    case "announcement-period":
      return { endsAt: ["«Hasta» debe ser después de «Desde»."] };
    case "schedule-time":
      return error.field
        ? { [error.field]: ["Esa hora no existe en Miami (cambio de horario)."] }
        : undefined;
    case "special-past":
      return { endsOn: ["Esa fecha ya pasó."] };
    default:
      return undefined;
  }
}

/** The intents of 'Avisos y horarios' (/admin/avisos): admins only (content:manage). */
export function scheduleIntents(deps: ScheduleDeps): StaffIntentTable<ToastMessage> {
  const onField = (e: DomainError) => fieldError(e, deps.timeZone);
  return {
    [SCHEDULE_INTENT.announcementSave]: intent({
      permission: "content:manage",
      schema: announcementSchema,
      run: (v) => saveAnnouncement(deps, v),
      done: (_, v) => ({ title: "Éxito", description: v.id ? "Aviso actualizado." : "Aviso guardado." }),
      failed: (e) => errorToast(`No se pudo guardar el aviso: ${reason(e, "ese aviso ya no existe.")}`),
      invalid: () => errorToast("No se pudo guardar el aviso: revisa los campos marcados."),
      fieldError: onField,
      resetForm: true,
    }),
    [SCHEDULE_INTENT.announcementToggle]: intent({
      permission: "content:manage",
      schema: announcementToggleSchema,
      run: ({ id, active }) => setAnnouncementActive(deps, id, active),
      done: (_, v) => ({ title: "Éxito", description: v.active ? "El aviso se muestra." : "Aviso oculto." }),
      failed: (e) => errorToast(`No se pudo cambiar el aviso: ${reason(e, "ese aviso ya no existe.")}`),
    }),
    [SCHEDULE_INTENT.announcementDelete]: intent({
      permission: "content:manage",
      schema: announcementIdSchema,
      run: ({ id }) => deleteAnnouncement(deps, id),
      done: () => ({ title: "Éxito", description: "Aviso eliminado." }),
      failed: (e) => errorToast(`No se pudo eliminar el aviso: ${reason(e, "ese aviso ya no existe.")}`),
    }),
    [SCHEDULE_INTENT.specialSave]: intent({
      permission: "content:manage",
      schema: specialDateSchema,
      run: (v) => saveSpecialDate(deps, v),
      done: (_, v) => ({
        title: "Éxito",
        description: v.id ? "Fecha especial actualizada." : "Fecha especial guardada.",
      }),
      failed: (e) =>
        errorToast(`No se pudo guardar la fecha especial: ${reason(e, "esa fecha especial ya no existe.")}`),
      invalid: () => errorToast("No se pudo guardar la fecha especial: revisa los campos marcados."),
      fieldError: onField,
      resetForm: true,
    }),
    [SCHEDULE_INTENT.specialDelete]: intent({
      permission: "content:manage",
      schema: specialDateIdSchema,
      run: ({ id }) => deleteSpecialDate(deps, id),
      done: () => ({ title: "Éxito", description: "Fecha especial eliminada." }),
      failed: (e) =>
        errorToast(`No se pudo eliminar la fecha especial: ${reason(e, "esa fecha especial ya no existe.")}`),
    }),
  };
}
