import { useRouteLoaderData } from "react-router";
import { type RootMeta, siteFromRoot } from "~/lib/meta";
import type { SiteContact, SiteText } from "~/lib/site";

/**
 * Site text and name from the root loader. The defaults cover the moments the root data is
 * absent (an error boundary above the page), so a page never renders empty strings.
 */
export function useSite(): { text: SiteText; contact: SiteContact; siteName: string } {
  return siteFromRoot(useRouteLoaderData<RootMeta>("root"));
}

/** A maps-service search for an address (docs/product.md §2.8), opened in a new tab. */
export function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
