import type * as React from "react";
import { useRouteLoaderData } from "react-router";
import { SITE_SETTINGS_DEFAULTS, SITE_TEXT_DEFAULTS } from "~/lib/site";
import type { loader as rootLoader } from "~/root";
import { SiteShell } from "./site-shell";

/**
 * The public frame (header, footer, chat button) around `children`, from the root data: the
 * shell layout's pages, and the data error screen (docs/product.md §2.1), which keeps the
 * header and footer even when the root data itself failed to load (then with the defaults).
 */
export function SiteFrame({ children, showChat }: { children: React.ReactNode; showChat: boolean }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const settings = root?.settings ?? SITE_SETTINGS_DEFAULTS;
  return (
    <SiteShell
      header={{
        siteName: settings.siteName,
        logoUrl: settings.logoUrl,
        logoSize: settings.logoSize,
        logoPosition: settings.logoPosition,
        user: root?.user ?? null,
      }}
      footer={{
        siteName: settings.siteName,
        text: root?.text ?? SITE_TEXT_DEFAULTS,
        year: root?.year ?? new Date().getFullYear(),
      }}
      showChat={showChat}
      chat={{ businessName: settings.siteName }}
    >
      {children}
    </SiteShell>
  );
}
