import type { SpecialDate } from "./opening-hours";
import type { SiteText } from "./site";

/** '9:00 AM - 6:00 PM' or '09:00 - 18:00' → opening and closing times as HH:MM; null otherwise. */
export function parseHours(text: string): { opens: string; closes: string } | null {
  const time = String.raw`(\d{1,2})(?::(\d{2}))?\s*([AaPp]\.?\s?[Mm]\.?)?`;
  const m = text.trim().match(new RegExp(`^${time}\\s*(?:-|–|a)\\s*${time}$`));
  if (!m) return null;
  const hhmm = (h?: string, min?: string, ampm?: string) => {
    let hour = Number(h);
    const pm = ampm && /p/i.test(ampm);
    if (ampm && hour === 12) hour = pm ? 12 : 0;
    else if (pm) hour += 12;
    if (hour > 23) return null;
    return `${String(hour).padStart(2, "0")}:${min ?? "00"}`;
  };
  const opens = hhmm(m[1], m[2], m[3]);
  const closes = hhmm(m[4], m[5], m[6]);
  return opens && closes ? { opens, closes } : null;
}

/** 'street, city, ST 12345' → a PostalAddress; anything else stays one street line. */
export function postalAddress(address: string) {
  const m = address.trim().match(/^(.+),\s*([^,]+),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/);
  if (!m) return { "@type": "PostalAddress", streetAddress: address.trim(), addressCountry: "US" };
  return {
    "@type": "PostalAddress",
    streetAddress: m[1],
    addressLocality: m[2],
    addressRegion: m[3],
    postalCode: m[4],
    addressCountry: "US",
  };
}

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];

/**
 * The special dates of /admin/avisos as schema.org reads them: each date range with its own hours,
 * a closed one as opening and closing at "00:00" (schema.org's convention for closed all day).
 */
export function specialOpeningHours(special: readonly SpecialDate[]) {
  return special.map((s) => ({
    "@type": "OpeningHoursSpecification",
    validFrom: s.startsOn,
    validThrough: s.endsOn,
    opens: s.closed ? "00:00" : (s.opensAt ?? "00:00"),
    closes: s.closed ? "00:00" : (s.closesAt ?? "00:00"),
    ...(s.reason ? { description: s.reason } : {}),
  }));
}

/**
 * schema.org data for search engines (docs/product.md 'Where we go further'): the business with
 * its address, phone and opening hours, all from site text. Closed days are simply left out. The
 * special dates not yet ended (closures, other hours) follow as specialOpeningHoursSpecification.
 */
export function localBusinessJsonLd(
  text: SiteText,
  siteName: string,
  origin: string,
  image?: string,
  special: readonly SpecialDate[] = [],
) {
  const hours = [
    { days: WEEKDAYS, text: text.businessHoursWeekday },
    { days: ["Saturday"], text: text.businessHoursSaturday },
    { days: ["Sunday"], text: text.businessHoursSunday },
  ].flatMap(({ days, text: t }) => {
    const h = parseHours(t);
    return h ? [{ "@type": "OpeningHoursSpecification", dayOfWeek: days, ...h }] : [];
  });
  return {
    "@context": "https://schema.org",
    "@type": ["LocalBusiness", "GroceryStore"],
    name: siteName,
    description: text.footerText,
    url: `${origin}/`,
    telephone: text.contactPhone,
    email: text.contactEmail,
    address: postalAddress(text.contactAddress),
    openingHoursSpecification: hours,
    ...(special.length > 0 ? { specialOpeningHoursSpecification: specialOpeningHours(special) } : {}),
    areaServed: ["US", "NI", "CR", "GT", "HN"],
    ...(image ? { image } : {}),
  };
}
