import { type RenderResult, render } from "@testing-library/react";
import type * as React from "react";
import { createRoutesStub } from "react-router";
import { EMPTY_SERVER_CART } from "~/lib/cart-lines";
import { DEFAULT_PRICE_LIST } from "~/lib/price-list";
import { DEFAULT_SITE_CONTACT, SITE_SETTINGS_DEFAULTS, SITE_TEXT_DEFAULTS } from "~/lib/site";
import type { Route as RootRoute } from "../+types/root";

/** What the root loader (app/root.tsx) gives every page: read with useRouteLoaderData("root"). */
export type RootData = RootRoute.ComponentProps["loaderData"];

/** The root loader's data for a visitor on a freshly started site (default text and settings). */
export function rootData(over: Partial<RootData> = {}): RootData {
  return {
    text: { ...SITE_TEXT_DEFAULTS },
    contact: DEFAULT_SITE_CONTACT,
    settings: SITE_SETTINGS_DEFAULTS,
    prices: DEFAULT_PRICE_LIST,
    shareImage: undefined,
    user: null,
    flash: null,
    cart: EMPTY_SERVER_CART,
    schedule: { announcement: null, specialDates: [], today: "2026-11-25" },
    timeZone: "America/New_York",
    origin: "http://localhost",
    year: 2026,
    ...over,
  };
}

/** The loader data a route component takes as its `loaderData` prop (Route.ComponentProps). */
type LoaderDataOf<C> =
  C extends React.ComponentType<infer P> ? (P extends { loaderData: infer D } ? D : undefined) : never;

export type RenderRouteOptions<C> = {
  /** The route's path pattern, as in app/routes.ts (default "/"). */
  path?: string;
  /** The URL the test opens, with its search and hash (default: the path). */
  url?: string;
  /** The route loader's data, as its component receives it (required when it takes any). */
  loaderData?: LoaderDataOf<C>;
  /** Changes to the root loader's data (site text, settings, signed-in staff user...). */
  root?: Partial<RootData>;
};

/**
 * Renders a route module's component in the DOM under a stubbed root route (id "root"), the way
 * React Router renders it after hydration: with its loader data, the root's data, the URL's
 * search params and working <Link>s. Query the result by role through `screen`.
 *
 *   renderRoute(ServiciosPage, { path: "/servicios" });
 *   screen.getByRole("heading", { level: 1, name: "Nuestros Servicios" });
 */
export function renderRoute<C extends React.ComponentType<never>>(
  Component: C,
  ...[options = {}]: undefined extends LoaderDataOf<C>
    ? [options?: RenderRouteOptions<C>]
    : [options: RenderRouteOptions<C> & { loaderData: LoaderDataOf<C> }]
): RenderResult {
  const { path = "/", url = path, loaderData, root: rootOver } = options;
  const root = rootData(rootOver);
  const Stub = createRoutesStub([
    {
      id: "root",
      loader: () => root,
      children: [
        {
          id: "route",
          path,
          Component: Component as React.ComponentType<unknown>,
          loader: () => loaderData ?? null,
        },
      ],
    },
  ]);
  // Loader data given as hydration data: the page renders at once, without a loading state.
  return render(<Stub initialEntries={[url]} hydrationData={{ loaderData: { root, route: loaderData } }} />);
}
