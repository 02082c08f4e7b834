import { data } from "react-router";
import { chatReport } from "~/.server/chat/reports";
import { requirePermission } from "~/.server/http/guards";
import { reportPeriod } from "~/lib/chat-reports";
import { zonedDay } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/route";
import { ReportsScreen } from "./reports-screen";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Informes del chat") },
  { name: "robots", content: "noindex" },
];

/** /admin/chat/informes (admins): the chat's figures for a period (docs/product.md §3.3). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "reports:view");
  const { db, config, logger } = context.services;
  const period = reportPeriod(new URL(request.url).searchParams, config.TIME_ZONE);
  try {
    // Today in the shop's time zone: the quick periods ('Hoy', 'Últimos 7 días') count from it.
    const today = zonedDay(new Date(), config.TIME_ZONE) ?? "";
    return { report: await chatReport(db, period, config.TIME_ZONE), today };
  } catch (err) {
    logger.error({ err }, "chat report failed");
    throw data({ message: "No se pudieron calcular los informes." }, { status: 503 });
  }
}

export default function ChatReportsRoute({ loaderData }: Route.ComponentProps) {
  return <ReportsScreen report={loaderData.report} today={loaderData.today} />;
}
