import type { MetaDescriptor } from "react-router";
import { DEFAULT_PRICE_LIST, type PriceList } from "./price-list";
import {
  DEFAULT_SITE_CONTACT,
  SITE_SETTINGS_DEFAULTS,
  SITE_TEXT_DEFAULTS,
  type SiteContact,
  type SiteSettings,
  type SiteText,
} from "./site";

/** What meta functions read from the root match: `matches[0]?.loaderData`, typed by the route. */
export type RootMeta =
  | {
      text: SiteText;
      contact: SiteContact;
      settings: Pick<SiteSettings, "siteName">;
      prices?: PriceList;
      shareImage?: string;
      origin?: string;
    }
  | undefined;

/** Page title helper: 'Página · Sitio'. */
export function pageTitle(page: string, siteName = SITE_SETTINGS_DEFAULTS.siteName): string {
  return `${page} · ${siteName}`;
}

/** Site text and name from the root data, with the defaults when it is absent (an error page). */
export function siteFromRoot(root: RootMeta): {
  text: SiteText;
  contact: SiteContact;
  siteName: string;
  prices: PriceList;
} {
  return {
    text: root?.text ?? SITE_TEXT_DEFAULTS,
    prices: root?.prices ?? DEFAULT_PRICE_LIST,
    contact: root?.contact ?? DEFAULT_SITE_CONTACT,
    siteName: root?.settings.siteName ?? SITE_SETTINGS_DEFAULTS.siteName,
  };
}

/** Title, description and Open Graph tags (WhatsApp link previews) for a public page. */
export function pageMeta(
  root: RootMeta,
  page: { title: string; description: string; path: string; image?: string; type?: "website" | "product" },
): MetaDescriptor[] {
  const { siteName } = siteFromRoot(root);
  // The banner is every page's link-preview picture unless the page has its own.
  const image = page.image ?? root?.shareImage;
  const title = page.path === "/" ? `${siteName} · ${page.title}` : pageTitle(page.title, siteName);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:locale", content: "es_US" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (image) tags.push({ property: "og:image", content: image });
  // The site's configured address (PUBLIC_URL), so a shared link never names another host.
  if (root?.origin) {
    const url = `${root.origin}${page.path}`;
    tags.push({ property: "og:url", content: url }, { tagName: "link", rel: "canonical", href: url });
  }
  return tags;
}
