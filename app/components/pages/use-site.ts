import { useRouteLoaderData } from "react-router";
import { SITE_SETTINGS_DEFAULTS, SITE_TEXT_DEFAULTS, type SiteText } from "~/lib/site";
import type { loader as rootLoader } from "~/root";

/**
 * Site text and name from the root loader. The defaults cover the moments the root data is
 * absent (an error boundary above the page), so a page never renders empty strings.
 */
export function useSite(): { text: SiteText; siteName: string } {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return {
    text: root?.text ?? SITE_TEXT_DEFAULTS,
    siteName: root?.settings.siteName ?? SITE_SETTINGS_DEFAULTS.siteName,
  };
}

/** A maps-service search for an address (SPEC §7.7), opened in a new tab. */
export function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
