import type * as React from "react";
import { useRouteLoaderData } from "react-router";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { SiteHours } from "~/lib/opening-hours";
import type { PageSchedule } from "~/lib/schedule";
import {
  DEFAULT_SITE_CONTACT,
  SITE_SETTINGS_DEFAULTS,
  SITE_TEXT_DEFAULTS,
  type SiteContact,
  type SiteSettings,
  type SiteText,
} from "~/lib/site";
import type { SiteUser } from "./nav-links";
import { SiteShell } from "./site-shell";

/** What the frame shows of the root data (app/root.tsx's loader); undefined when that failed. */
export type FrameData =
  | {
      settings: SiteSettings;
      text: SiteText;
      contact: SiteContact;
      user: SiteUser | null;
      year: number;
      timeZone?: string;
      /** The announcement bar and the special dates (/admin/avisos), as they stand now. */
      schedule?: PageSchedule;
    }
  | undefined;

/**
 * The public frame (header, footer, chat button) around `children`, from the root data: the
 * shell layout's pages, and the data error screen (docs/product.md §2.1), which keeps the
 * header and footer even when the root data itself failed to load (then with the defaults).
 */
export function SiteFrame({
  root,
  children,
  showChat,
}: {
  root: FrameData;
  children: React.ReactNode;
  showChat: boolean;
}) {
  const settings = root?.settings ?? SITE_SETTINGS_DEFAULTS;
  const specialDates = root?.schedule?.specialDates ?? [];
  return (
    <SiteShell
      announcement={root?.schedule?.announcement ?? null}
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
        contact: root?.contact ?? DEFAULT_SITE_CONTACT,
        year: root?.year ?? new Date().getFullYear(),
        special: { dates: specialDates, today: root?.schedule?.today ?? "", timeZone: root?.timeZone },
      }}
      showChat={showChat}
      chat={{
        businessName: settings.siteName,
        hours: chatHours(root?.text ?? SITE_TEXT_DEFAULTS),
        timeZone: root?.timeZone,
        special: specialDates,
      }}
    >
      {children}
    </SiteShell>
  );
}

/**
 * The error screen in the public frame, with the root data when it loaded (the defaults when not):
 * the ErrorBoundary of the root and of the public layout.
 */
export function SiteErrorBoundary() {
  return (
    <SiteFrame root={useRouteLoaderData<FrameData>("root")} showChat={false}>
      <GeneralErrorBoundary />
    </SiteFrame>
  );
}

const chatHours = (t: SiteText): SiteHours => ({
  weekday: t.businessHoursWeekday,
  saturday: t.businessHoursSaturday,
  sunday: t.businessHoursSunday,
});
