import type * as React from "react";
import { useEffect, useState } from "react";
import { Outlet, useLocation, useRouteLoaderData } from "react-router";
import { errorMeta } from "~/components/error-boundary";
import { SiteErrorBoundary, SiteFrame } from "~/components/shell/site-frame";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/shell-layout";

let hydrated = false;

/**
 * Pages reached by navigation fade in. The first page arrives as finished HTML and shows at
 * once: hidden behind a fade its hero image would not count as the largest paint (LCP).
 */
function PageFade({ children }: { children: React.ReactNode }) {
  const [fade] = useState(() => hydrated);
  useEffect(() => {
    hydrated = true;
  }, []);
  return <div className={fade ? "page-fade" : undefined}>{children}</div>;
}

/** The public site shell around every public page, the staff sign-in included (docs/product.md §2.1). */
export default function ShellLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  if (!root) return <Outlet />;
  return (
    <SiteFrame root={root} showChat>
      {/* Keyed by path so each page change fades in. */}
      <PageFade key={location.pathname}>
        <Outlet />
      </PageFade>
    </SiteFrame>
  );
}

// Each page has its own meta; an error screen has this one.
export const meta: Route.MetaFunction = ({ error, matches }) =>
  error ? errorMeta(error, matches[0]?.loaderData?.settings.siteName) : [];

/** A page whose data failed: the error screen inside the site's header and footer (docs/product.md §2). */
export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
