import type { MetaDescriptor } from "react-router";

type RootData = { settings?: { siteName?: string } } | undefined;
type Match = { id: string; data?: unknown; loaderData?: unknown } | undefined;

/** Page title helper: 'Página · Sitio'. */
export function pageTitle(page: string, siteName = "Mini Market Latino"): string {
  return `${page} · ${siteName}`;
}

/** Title, description and Open Graph tags (WhatsApp link previews) for a public page. */
export function pageMeta(
  matches: readonly Match[],
  page: { title: string; description: string; path: string; image?: string },
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root");
  const siteName = ((root?.loaderData ?? root?.data) as RootData)?.settings?.siteName ?? "Mini Market Latino";
  const title = page.path === "/" ? `${siteName} · ${page.title}` : pageTitle(page.title, siteName);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:locale", content: "es_US" },
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
  ];
  if (page.image) tags.push({ property: "og:image", content: page.image });
  return tags;
}
