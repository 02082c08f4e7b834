import { actorOf } from "~/.server/audit/audit";
import { loadSchedule } from "~/.server/content/schedule-load";
import { requirePermission, requireStaff } from "~/.server/http/guards";
import { dispatchIntent, readForm } from "~/.server/http/intents";
import { loaderFailure } from "~/.server/http/outage";
import { toZonedInput, zonedDay } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import { announcementAt, specialDatesAhead } from "~/lib/schedule";
import { errorToast } from "~/lib/toast";
import type { Route } from "./+types/route";
import { scheduleIntents } from "./intents";
import { ScheduleScreen } from "./schedule-screen";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Avisos y horarios") },
  { name: "robots", content: "noindex" },
];

/**
 * 'Avisos y horarios': the announcement bar and the special dates, read fresh from the database
 * (not the pages' cache). `?aviso=<id>` / `?fecha=<id>` open one in its form, so editing works
 * without scripts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "content:manage");
  const { db, logger, config } = context.services;
  const timeZone = config.TIME_ZONE;
  const now = new Date();
  const schedule = await loadSchedule(db, now).catch((err: unknown) => {
    throw loaderFailure(err, { logger, what: "No se pudieron cargar los avisos" });
  });
  const shown = announcementAt(schedule.announcements, now);
  const params = new URL(request.url).searchParams;
  const specialDates = specialDatesAhead(schedule.specialDates, now, timeZone);
  const announcements = schedule.announcements.map((a) => ({
    ...a,
    // What the visitor sees now: this one, another one newer, a later start, or hidden.
    state:
      a.id === shown?.id
        ? ("shown" as const)
        : !a.active
          ? ("hidden" as const)
          : new Date(a.startsAt) > now
            ? ("scheduled" as const)
            : ("covered" as const),
    startsAtInput: toZonedInput(a.startsAt, timeZone),
    endsAtInput: toZonedInput(a.endsAt, timeZone),
  }));
  return {
    announcements,
    specialDates,
    editingAnnouncement: announcements.find((a) => a.id === params.get("aviso")) ?? null,
    editingSpecial: specialDates.find((s) => s.id === params.get("fecha")) ?? null,
    // A new announcement shows from now until this time tomorrow; a special date is for today.
    defaults: {
      startsAt: toZonedInput(now, timeZone),
      endsAt: toZonedInput(now.getTime() + 24 * 3600_000, timeZone),
      today: zonedDay(now, timeZone) ?? "",
    },
    timeZone,
    now: now.toISOString(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(request, context);
  const form = await readForm(request);
  const { db, bus, logger, config } = context.services;
  const deps = { db, bus, actor: actorOf(user, context.clientIp), timeZone: config.TIME_ZONE };
  return dispatchIntent(form, scheduleIntents(deps), {
    logger,
    unknownIntent: errorToast("Acción desconocida."),
    user,
    forbidden: errorToast("No tienes permiso para esta acción."),
  });
}

export default function AvisosRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ScheduleScreen data={loaderData} reply={actionData} />;
}
