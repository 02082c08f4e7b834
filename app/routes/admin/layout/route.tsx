import { Outlet, useMatches, useRouteLoaderData } from "react-router";
import { ownStatus } from "~/.server/chat/agents";
import { countUnread } from "~/.server/chat/staff";
import { requireStaff } from "~/.server/http/guards";
import { errorMeta, GeneralErrorBoundary } from "~/components/error-boundary";
import { can } from "~/lib/permissions";
import type { loader as rootLoader } from "~/root";
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

// Each staff page has its own meta; an error screen has this one.
export const meta: Route.MetaFunction = ({ error, matches }) =>
  error ? errorMeta(error, matches[0]?.loaderData?.settings.siteName) : [];

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
    // The header's status control (ADR 0020); a failure shows none rather than failing the page.
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
  // Every staff page holds the person's presence, not only the inbox (ADR 0020); the header
  // shows their status as everyone sees it, live (issue 41).
  const { own, changed } = useStaffPresence(loaderData.presence);
  const unread = useUnreadCount(loaderData.unread, loaderData.since, changed);
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
      status={own ? <StatusSwitch status={own.status} autoAway={own.autoAway} /> : null}
    >
      <Outlet />
    </StaffFrame>
  );
}

/**
 * A staff page whose data failed: the error screen inside the staff frame, with the navigation (a
 * failure must not drop staff into the public site). When this layout's own data failed (the
 * session could not be read) the frame has no navigation or account menu to show.
 */
export function ErrorBoundary({ loaderData }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <StaffFrame
      siteName={root?.settings.siteName ?? ""}
      logoUrl={root?.settings.logoUrl ?? ""}
      user={loaderData?.user}
      unread={loaderData?.unread ?? 0}
    >
      <GeneralErrorBoundary home={{ to: "/admin", label: "Volver al panel" }} />
    </StaffFrame>
  );
}
