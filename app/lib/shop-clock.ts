import { DEFAULT_TIME_ZONE, utcOffsetMinutes } from "./dates";

/**
 * Shop times shown to a visitor whose clock reads differently (issue 41): 'Abrimos hoy a las
 * 10:00 AM' is Miami's 10:00, so a visitor in Managua is told so. Browser-safe, no React.
 */
export const SHOP_CLOCK_NOTE = " (hora de Miami)";

/**
 * Whether a visitor in `visitorZone` (the browser's own, unknown on the server) reads another hour
 * than the shop's clock at `at`: a different UTC offset then, so daylight saving time counts
 * (Panamá reads Miami's hour in winter, not in summer; Managua never). Unknown or unreadable zones: no.
 */
export function differsFromShopClock(
  visitorZone: string | null | undefined,
  shopZone: string = DEFAULT_TIME_ZONE,
  at: Date = new Date(),
): boolean {
  if (!visitorZone || visitorZone === shopZone) return false;
  try {
    return utcOffsetMinutes(visitorZone, at) !== utcOffsetMinutes(shopZone, at);
  } catch {
    return false;
  }
}

/** The browser's IANA time zone ('America/Managua'); undefined where it cannot say. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
