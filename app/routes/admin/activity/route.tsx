import { data } from "react-router";
import { auditNames, listAudit } from "~/.server/audit/audit";
import { listCategories } from "~/.server/catalog/products";
import { requirePermission } from "~/.server/http/guards";
import { listCouriers } from "~/.server/orders/couriers";
import { listStaff } from "~/.server/staff/staff";
import { AUDIT_PAGE_SIZE, isAuditKind } from "~/lib/audit";
import { describeAuditEntry } from "~/lib/audit-entries";
import { dayStart, zonedDay } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/route";
import { ActivityLog } from "./activity-log";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Actividad") },
  { name: "robots", content: "noindex" },
];

/** 'Actividad' (docs/product.md §3.7): the audit log, filtered by person, kind and dates, paged. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "audit:view");
  const url = new URL(request.url);
  const q = (k: string) => url.searchParams.get(k)?.slice(0, 60) ?? "";
  const tz = context.services.config.TIME_ZONE;
  // Unknown or malformed filters are ignored rather than refused: the page still shows.
  const filters = {
    persona: isUuid(q("persona")) ? q("persona") : "",
    tipo: isAuditKind(q("tipo")) ? q("tipo") : "",
    desde: dayStart(q("desde"), tz) ? q("desde") : "",
    hasta: dayStart(q("hasta"), tz) ? q("hasta") : "",
  };
  const page = Math.max(1, Math.min(10_000, Number.parseInt(q("pagina"), 10) || 1));
  try {
    const [{ rows, total }, staff, couriers, categories] = await Promise.all([
      listAudit(
        context.services.db,
        {
          actorId: filters.persona || undefined,
          kind: isAuditKind(filters.tipo) ? filters.tipo : undefined,
          from: dayStart(filters.desde, tz) ?? undefined,
          to: dayStart(filters.hasta, tz, true) ?? undefined,
        },
        { offset: (page - 1) * AUDIT_PAGE_SIZE, limit: AUDIT_PAGE_SIZE },
      ),
      listStaff(context.services.db),
      listCouriers(context.services.db),
      listCategories(context.services.db),
    ]);
    // Described here, where the names of couriers, categories, staff, conversations and agents are
    // known: the page shows words, never a key, an id, a session, a file name or a value in cents
    // (app/lib/audit-entries.ts).
    const lookups = {
      couriers: Object.fromEntries(couriers.map((c) => [c.id, c.name])),
      categories: Object.fromEntries(categories.map((c) => [c.value, c.label])),
      staff: Object.fromEntries(staff.map((s) => [s.id, s.name])),
      ...(await auditNames(context.services.db, rows)),
    };
    const now = new Date();
    return {
      rows: rows.map((r) => describeAuditEntry(r, lookups, { timeZone: tz, now })),
      today: zonedDay(now, tz) ?? "",
      total,
      page,
      pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
      filters,
      people: staff.map((s) => ({ id: s.id, name: s.name })),
      keptDays: context.services.config.AUDIT_RETENTION_DAYS,
    };
  } catch (err) {
    context.services.logger.error({ err }, "audit log failed");
    throw data(
      { message: "No se pudo cargar la actividad: la base de datos no respondió." },
      { status: 503 },
    );
  }
}

export default function ActivityRoute({ loaderData }: Route.ComponentProps) {
  return <ActivityLog {...loaderData} />;
}
