import { chatReport } from "~/.server/chat/reports";
import { requirePermission } from "~/.server/http/guards";
import { reportCsv, reportPeriod } from "~/lib/chat-reports";
import type { Route } from "./+types/csv";

/** GET /admin/chat/informes.csv?desde=&hasta= — the reports' figures as CSV (admins). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "reports:view");
  const { db, config, logger } = context.services;
  const period = reportPeriod(new URL(request.url).searchParams, config.TIME_ZONE);
  try {
    const csv = reportCsv(await chatReport(db, period, config.TIME_ZONE));
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="informe-chat-${period.from}-a-${period.to}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (err) {
    logger.error({ err }, "chat report csv failed");
    return new Response("No se pudieron calcular los informes.", { status: 503 });
  }
}
