import { nextOpening, type SiteHours, type SpecialDate } from "../../lib/opening-hours";
import { can, type StaffRole } from "../../lib/permissions";
import type { SiteText } from "../../lib/site";
import type { SiteContentCache } from "../content/site";
import type { Deps } from "../deps";
import type { Logger } from "../logger";
import { agentSignedIn } from "./agents";

/**
 * Whether the shop is open at `now` by the hours and special dates the owner keeps (the same
 * reading as the widget's 'Abrimos hoy a las …', app/lib/opening-hours.ts); hours it cannot read
 * count as closed.
 */
export function shopOpenAt(
  content: { text: SiteText; schedule: { specialDates: readonly SpecialDate[] } },
  timeZone: string,
  now = new Date(),
): boolean {
  const hours: SiteHours = {
    weekday: content.text.businessHoursWeekday,
    saturday: content.text.businessHoursSaturday,
    sunday: content.text.businessHoursSunday,
  };
  return nextOpening(now, hours, timeZone, content.schedule.specialDates)?.state === "open";
}

/**
 * After a sign-in: the person's chat status as they left it, or on a first sign-in 'En línea'
 * when the shop is open now (issue 41). Never fails the sign-in: a failure is logged, and the
 * status stays as it was.
 */
export async function restoreStatusOnSignIn(
  services: Deps & { siteContent: SiteContentCache; config: { TIME_ZONE: string }; logger: Logger },
  user: { id: string; name: string; role: StaffRole },
  now = new Date(),
): Promise<void> {
  if (!can(user, "chat:reply")) return;
  try {
    const content = await services.siteContent.get();
    const openNow = shopOpenAt(content, services.config.TIME_ZONE, now);
    await agentSignedIn(services, user, { openNow, now });
  } catch (err) {
    services.logger.warn({ err }, "sign-in: could not restore the chat status");
  }
}
