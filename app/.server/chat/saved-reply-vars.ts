import { dayStart, formatDayRange, zonedDay } from "../../lib/dates";
import { specialDateOn, specialHoursText } from "../../lib/opening-hours";
import { type BoxPrice, dimsLabel, type PriceList } from "../../lib/price-list";
import { formatDollars } from "../../lib/prices";
import type { SiteReplyVars } from "../../lib/saved-reply-text";
import { type Schedule, specialDatesAhead } from "../../lib/schedule";
import type { SiteText } from "../../lib/site";
import type { SiteContent } from "../content/site";

/**
 * What saved replies' {precios}, {horario}, {cajas} and {seguimiento} become (issue 41): the
 * owner's price list and box sizes (/admin/precios), the opening hours and special dates as the
 * footer and Contacto show them (site texts, /admin/avisos), and the tracking page's address.
 * Read through the site content cache, which every save of those drops on all instances, so the
 * inbox's next load has the new values.
 */

export type SavedReplyVarsDeps = {
  siteContent: { get(): Promise<SiteContent> };
  /** The site's public origin ('https://tienda.example'): the link goes to customers. */
  origin: string;
  timeZone: string;
  now?: Date;
};

export async function savedReplyVars(deps: SavedReplyVarsDeps): Promise<SiteReplyVars> {
  const { text, prices, schedule } = await deps.siteContent.get();
  return {
    precios: pricesText(prices),
    horario: hoursText(text, schedule, deps.now ?? new Date(), deps.timeZone),
    cajas: boxesText(prices),
    seguimiento: new URL("/seguimiento", deps.origin).href,
  };
}

const inches = (b: BoxPrice) => `${dimsLabel(b.inches)} pulgadas`;
/** A box as the price list names it: 'Caja mediana (22×22×22 pulgadas)' or '22×22×22 pulgadas'. */
const named = (b: BoxPrice) => (b.name ? `${b.name} (${inches(b)})` : inches(b));

/** '• 20×20×20 pulgadas: $245', one box a line, in the owner's order (as /servicios lists them). */
export function pricesText(list: PriceList): string {
  return list.boxes.map((b) => `• ${named(b)}: ${formatDollars(b.priceCents)}`).join("\n");
}

/** '• 20×20×20 pulgadas (51×51×51 cm)', one box a line. */
export function boxesText(list: PriceList): string {
  return list.boxes
    .map((b) => `• ${b.name ? `${b.name}: ` : ""}${inches(b)} (${dimsLabel(b.cm)} cm)`)
    .join("\n");
}

/** How many special dates the footer lists after today's (app/components/shell/special-hours.tsx). */
const SPECIAL_DATES_SHOWN = 4;

/**
 * The weekly hours as the footer shows them, then today's special date and the coming ones
 * ('Hoy: Cerrado (Navidad)', 'Fechas especiales: …'), like its SpecialHours.
 */
export function hoursText(
  text: Pick<SiteText, "businessHoursWeekday" | "businessHoursSaturday" | "businessHoursSunday">,
  schedule: Pick<Schedule, "specialDates">,
  now: Date,
  timeZone: string,
): string {
  const lines = [
    `Lunes a Viernes: ${text.businessHoursWeekday}`,
    `Sábado: ${text.businessHoursSaturday}`,
    `Domingo: ${text.businessHoursSunday}`,
  ];
  const dates = specialDatesAhead(schedule.specialDates, now, timeZone);
  const today = zonedDay(now, timeZone) ?? "";
  const current = specialDateOn(dates, today);
  const reason = (d: { reason: string }) => (d.reason ? ` (${d.reason})` : "");
  if (current) lines.push(`Hoy: ${specialHoursText(current)}${reason(current)}`);
  const coming = dates.filter((d) => d !== current).slice(0, SPECIAL_DATES_SHOWN);
  if (coming.length > 0) {
    const from = dayStart(today, timeZone) ?? now;
    lines.push(
      "Fechas especiales:",
      ...coming.map(
        (d) =>
          `• ${formatDayRange(d.startsOn, d.endsOn, from, timeZone)}: ${specialHoursText(d)}${reason(d)}`,
      ),
    );
  }
  return lines.join("\n");
}
