import { Outlet, useMatches } from "react-router";
import { ownStatus } from "~/.server/chat/agents";
import { countUnread } from "~/.server/chat/staff";
import { requireStaff } from "~/.server/http/guards";
import { can } from "~/lib/permissions";
import type { Route } from "./+types/route";
import { StaffFrame } from "./staff-frame";
import { StatusSwitch } from "./status-switch";
import { useStaffPresence } from "./use-staff-presence";
import { useTabUnread } from "./use-tab-unread";
import { useUnreadCount } from "./use-unread";

/** What a staff page tells the frame through its route `handle`. */
export type StaffHandle = {
  staffTitle?: string;
  fullHeight?: boolean;
  /** The browser tab shows the unread count (title and favicon): the inbox. */
  unreadInTab?: boolean;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(request, context);
  const { db, bus, logger } = context.services;
  // The count is a convenience: a failure shows none rather than failing every staff page.
  const [unread, since, presence] = await Promise.all([
    countUnread(db).catch((err: unknown) => {
      logger.warn({ err }, "unread count failed");
      return 0;
    }),
    bus.latestId().catch(() => null),
    // The header's status switch (ADR 0020); a failure shows none rather than failing the page.
    can(user, "chat:reply")
      ? ownStatus({ db, bus }, user).catch((err: unknown) => {
          logger.warn({ err }, "own chat status failed");
          return null;
        })
      : null,
  ]);
  return { user: { name: user.name, role: user.role }, unread, since, presence };
}

/** Every /admin page renders in the staff frame (docs/product.md §3.0). */
export default function StaffLayout({ loaderData, matches }: Route.ComponentProps) {
  const unread = useUnreadCount(loaderData.unread, loaderData.since);
  // Every staff page holds the person's presence, not only the inbox (ADR 0020).
  const { presence } = loaderData;
  useStaffPresence(presence !== null);
  const handle = (useMatches().at(-1)?.handle ?? {}) as StaffHandle;
  useTabUnread(unread, !!handle.unreadInTab);
  const root = matches[0]?.loaderData;
  return (
    <StaffFrame
      siteName={root?.settings.siteName ?? ""}
      logoUrl={root?.settings.logoUrl ?? ""}
      user={loaderData.user}
      unread={unread}
      title={handle.staffTitle}
      fullHeight={handle.fullHeight}
      status={presence ? <StatusSwitch status={presence.status} autoAway={presence.autoAway} /> : null}
    >
      <Outlet />
    </StaffFrame>
  );
}
