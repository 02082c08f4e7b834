import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { cacheablePages, cacheTarget } from "./.server/http/page-cache";
import { navLinks } from "./components/shell/nav-links";
import { PUBLIC_PAGES, type PublicPage, sitemapPaths } from "./lib/pages";
import routes, { publicRoutes } from "./routes";

const ROUTES_DIR = new URL("./routes/", import.meta.url);

// A page the site does not have: what adding one to the registry gives it.
const RECIPES: PublicPage = {
  path: "/recetas",
  file: "routes/recetas/route.tsx",
  nav: { label: "Recetas", group: "main" },
  sitemap: true,
  cache: { params: ["plato"], tags: ["site"] },
};
// After 'Servicios', before the shop's pages.
const WITH_RECIPES = [...PUBLIC_PAGES.slice(0, 3), RECIPES, ...PUBLIC_PAGES.slice(3)];

const cacheable = (url: string, pages: readonly PublicPage[]) => {
  const [path = ""] = url.split("?");
  return cacheTarget(
    { method: "GET", path, url, headers: {}, origin: "http://shop.test" },
    cacheablePages(pages),
  );
};

describe("a new public page is its folder and one registry entry", () => {
  it("gets its route inside the public layout", () => {
    expect(publicRoutes(WITH_RECIPES)).toContainEqual(
      expect.objectContaining({ path: "recetas", file: "routes/recetas/route.tsx" }),
    );
  });

  it("is listed in the sitemap", () => {
    expect(sitemapPaths(WITH_RECIPES)).toContain("/recetas");
    expect(sitemapPaths()).not.toContain("/recetas");
  });

  it("may be kept by the page cache, with its own query parameters only", () => {
    expect(cacheable("/recetas?plato=nacatamal", WITH_RECIPES)?.tags).toEqual(["site"]);
    expect(cacheable("/recetas.data", WITH_RECIPES)).not.toBeNull();
    expect(cacheable("/recetas?utm_source=x", WITH_RECIPES)).toBeNull();
    expect(cacheable("/recetas", PUBLIC_PAGES)).toBeNull();
  });

  it("shows in the menus and the footer where the list puts it", () => {
    const nav = navLinks(WITH_RECIPES);
    expect(nav.beforeShop.map((l) => l.label)).toEqual(["Inicio", "Nosotros", "Servicios", "Recetas"]);
    expect(nav.all.map((l) => l.to)).toContain("/recetas");
    expect(navLinks(PUBLIC_PAGES).all.map((l) => l.to)).not.toContain("/recetas");
  });

  it("without menu, sitemap or cache entries, is only a route", () => {
    const thanks: PublicPage = { path: "/gracias", file: "routes/gracias/route.tsx", sitemap: false };
    const pages = [...PUBLIC_PAGES, thanks];
    expect(publicRoutes(pages)).toContainEqual(expect.objectContaining({ path: "gracias" }));
    expect(sitemapPaths(pages)).not.toContain("/gracias");
    expect(cacheable("/gracias", pages)).toBeNull();
    expect(navLinks(pages).all.map((l) => l.to)).not.toContain("/gracias");
  });
});

describe("the page registry", () => {
  it("is what the route table's public layout holds", () => {
    const shell = routes.find((r) => r.file === "routes/shell-layout.tsx");
    expect(shell?.children).toEqual(publicRoutes(PUBLIC_PAGES));
  });

  it("names each page once, each a folder of app/routes/ with its route module", () => {
    expect(new Set(PUBLIC_PAGES.map((p) => p.path)).size).toBe(PUBLIC_PAGES.length);
    for (const page of PUBLIC_PAGES) {
      expect(page.file, page.path).toMatch(/^routes\/[a-z-]+\/route\.tsx$/);
      expect(fs.existsSync(new URL(page.file.slice("routes/".length), ROUTES_DIR)), page.file).toBe(true);
    }
  });

  it("holds every public page folder (a folder with a route module, outside admin/ and api/)", () => {
    const folders = fs
      .readdirSync(ROUTES_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== "admin" && d.name !== "api")
      .filter((d) => fs.existsSync(new URL(`${d.name}/route.tsx`, ROUTES_DIR)))
      .map((d) => d.name);
    expect(folders.sort()).toEqual(PUBLIC_PAGES.map((p) => p.file.split("/")[1]).sort());
  });

  it("keeps a page with a path parameter out of the sitemap and the menus", () => {
    for (const page of PUBLIC_PAGES.filter((p) => p.path.includes(":"))) {
      expect(page.sitemap, page.path).toBe(false);
      expect(page.nav, page.path).toBeUndefined();
    }
  });

  it("gives the menus of docs/product.md §2.1", () => {
    const nav = navLinks(PUBLIC_PAGES);
    expect(nav.beforeShop.map((l) => l.label)).toEqual(["Inicio", "Nosotros", "Servicios"]);
    expect(nav.shop.map((l) => l.label)).toEqual(["Nuestra Tienda", "Tiendas Externas", "Personal Shop"]);
    expect(nav.afterShop.map((l) => l.label)).toEqual(["Seguimiento", "Contáctenos"]);
  });
});
