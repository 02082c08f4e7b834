import type * as React from "react";
import { useEffect, useState } from "react";
import { Outlet, useLocation, useRouteLoaderData } from "react-router";
import { SiteShell } from "~/components/shell/site-shell";
import type { loader as rootLoader } from "~/root";

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
  const { text, settings, user, year } = root;
  return (
    <SiteShell
      header={{
        siteName: settings.siteName,
        logoUrl: settings.logoUrl,
        logoSize: settings.logoSize,
        logoPosition: settings.logoPosition,
        user,
      }}
      footer={{ siteName: settings.siteName, text, year }}
      chat={{ businessName: settings.siteName }}
    >
      {/* Keyed by path so each page change fades in. */}
      <PageFade key={location.pathname}>
        <Outlet />
      </PageFade>
    </SiteShell>
  );
}
