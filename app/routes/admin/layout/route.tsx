import { Outlet, useMatches } from "react-router";
import { requireStaff } from "~/.server/auth/guards";
import { countUnread } from "~/.server/chat/staff";
import type { Route } from "./+types/route";
import { StaffFrame } from "./staff-frame";
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
  const [unread, since] = await Promise.all([
    countUnread(db).catch((err: unknown) => {
      logger.warn({ err }, "unread count failed");
      return 0;
    }),
    bus.latestId().catch(() => null),
  ]);
  return { user: { name: user.name, role: user.role }, unread, since };
}

/** Every /admin page renders in the staff frame (docs/product.md §3.0). */
export default function StaffLayout({ loaderData, matches }: Route.ComponentProps) {
  const unread = useUnreadCount(loaderData.unread, loaderData.since);
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
    >
      <Outlet />
    </StaffFrame>
  );
}
