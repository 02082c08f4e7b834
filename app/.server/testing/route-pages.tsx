import type * as React from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from "react-router";
import type { PageHandler } from "../http/pages";

/**
 * What a test needs of a route module: its loader and action (typed with generated route types,
 * which the tests do not need), its page and its error boundary.
 */
export type PageModule = {
  // biome-ignore lint/suspicious/noExplicitAny: route args carry generated types the tests do not need.
  loader?: (args: any) => unknown;
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  action?: (args: any) => unknown;
  default: React.ComponentType;
  ErrorBoundary?: React.ComponentType;
};

/**
 * A page handler for startTestApp that serves real route modules without a Vite build: React
 * Router's static handler runs their loaders and actions with the request's load context, and
 * their pages render to HTML as a browser without scripts gets them (no hydration). A form post
 * is a plain urlencoded POST; redirects and their cookies come back as the action made them. The
 * root route is a bare outlet: pages that read the root's data get none.
 */
export function routePages(routes: { path: string; module: PageModule }[]): PageHandler {
  const children: RouteObject[] = routes.map(({ path, module }, i) => ({
    id: `route-${i}`,
    path: path.replace(/^\//, ""),
    loader: module.loader,
    action: module.action,
    Component: module.default,
    ErrorBoundary: module.ErrorBoundary,
  }));
  const handler = createStaticHandler([{ id: "root", path: "/", children }]);
  return async (request, context) => {
    const result = await handler.query(request, { requestContext: context });
    if (result instanceof Response) return result;
    const router = createStaticRouter(handler.dataRoutes, result);
    const html = renderToString(<StaticRouterProvider router={router} context={result} hydrate={false} />);
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    // What a route's `headers` export passes on from its action (Retry-After).
    for (const h of Object.values(result.actionHeaders)) for (const [k, v] of h) headers.append(k, v);
    return new Response(`<!doctype html><html lang="es"><body>${html}</body></html>`, {
      status: result.statusCode,
      headers,
    });
  };
}
