import { CalendarClock } from "lucide-react";
import { cn } from "~/components/ui/cn";
import { dayStart, formatDayRange } from "~/lib/dates";
import { type SpecialDate, specialDateOn, specialHoursText } from "~/lib/opening-hours";

export type SpecialHoursProps = {
  /** Special dates not yet ended, soonest first (the root loader's). */
  dates: readonly SpecialDate[];
  /** The shop's calendar day the page was made on. */
  today: string;
  timeZone?: string;
  /** The footer's dark background, or a card's light one. */
  tone: "dark" | "light";
  /** How many dates to list at most. */
  max?: number;
};

/**
 * The special dates next to the weekly hours (footer, Contacto): today's first when there is one
 * ('Hoy: Cerrado (Navidad)'), then the coming ones. Nothing when there are none.
 */
export function SpecialHours({ dates, today, timeZone, tone, max = 4 }: SpecialHoursProps) {
  if (dates.length === 0) return null;
  const now = dayStart(today, timeZone) ?? new Date();
  const current = specialDateOn(dates, today);
  const coming = dates.filter((d) => d !== current).slice(0, max);
  const dark = tone === "dark";
  return (
    <div className={cn("grid gap-2 text-sm", dark ? "text-white/80" : "text-muted-foreground")}>
      {current ? (
        <p
          className={cn(
            "rounded-lg px-3 py-2 font-semibold",
            dark ? "bg-white/10 text-white" : "bg-accent/25 text-foreground",
          )}
        >
          Hoy: {specialHoursText(current)}
          {current.reason ? ` (${current.reason})` : ""}
        </p>
      ) : null}
      {coming.length > 0 ? (
        <div>
          <p className={cn("flex items-center gap-2 font-medium", dark ? "text-white" : "text-foreground")}>
            <CalendarClock aria-hidden="true" className={cn("size-4", dark && "text-accent")} />
            Fechas especiales
          </p>
          <ul className="mt-1 grid gap-1">
            {coming.map((d) => (
              <li key={d.id} className="[overflow-wrap:anywhere]">
                {formatDayRange(d.startsOn, d.endsOn, now, timeZone)}: {specialHoursText(d)}
                {d.reason ? ` (${d.reason})` : ""}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
