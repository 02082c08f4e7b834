import { DEFAULT_PHONE_COUNTRY, type PhoneCountry } from "./phone";

/** Time zones of the countries a customer can choose (the first guess: where the browser is). */
const BY_TIME_ZONE: Record<string, PhoneCountry> = {
  "America/Managua": "NI",
  "America/Costa_Rica": "CR",
  "America/Guatemala": "GT",
  "America/Tegucigalpa": "HN",
  "America/El_Salvador": "SV",
  "America/Panama": "PA",
};
const REGIONS = new Set<string>(["US", "NI", "CR", "GT", "HN", "SV", "PA"]);

/** The customer country whose time zone this is (America/Managua → NI), or undefined. */
export const countryOfTimeZone = (timeZone: string | undefined): PhoneCountry | undefined =>
  timeZone && Object.hasOwn(BY_TIME_ZONE, timeZone) ? BY_TIME_ZONE[timeZone] : undefined;

/**
 * The country a visitor's number most likely belongs to (ADR 0020): the browser's time zone
 * (America/Managua → Nicaragua), else the region of its languages (es-NI), else the US. Still
 * changeable in the form. Browser-safe; pure when given its inputs.
 */
export function guessPhoneCountry(
  timeZone: string | undefined = safeTimeZone(),
  languages: readonly string[] = typeof navigator === "undefined"
    ? []
    : (navigator.languages ?? [navigator.language]),
): PhoneCountry {
  const byZone = countryOfTimeZone(timeZone);
  if (byZone) return byZone;
  for (const lang of languages) {
    const region = lang.split("-")[1]?.toUpperCase();
    if (region && REGIONS.has(region)) return region as PhoneCountry;
  }
  return DEFAULT_PHONE_COUNTRY;
}

function safeTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
