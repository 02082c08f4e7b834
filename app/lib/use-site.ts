import { useRouteLoaderData } from "react-router";
import { type RootMeta, siteFromRoot } from "./meta";
import type { PriceList } from "./price-list";
import type { SiteContact, SiteText } from "./site";

/**
 * Site text and name from the root loader. The defaults cover the moments the root data is
 * absent (an error boundary above the page), so a page never renders empty strings.
 */
export function useSite(): { text: SiteText; contact: SiteContact; siteName: string; prices: PriceList } {
  return siteFromRoot(useRouteLoaderData<RootMeta>("root"));
}
