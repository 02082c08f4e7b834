import { and, eq, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { type AgentFigures, type ChatReport, daysBetween, type TimeFigure } from "../../lib/chat-reports";
import { dayStart } from "../../lib/dates";
import type { Db } from "../db/client";
import { chatAgents, chatClients } from "../db/schema";

/**
 * The chat's figures for a period (docs/product.md §3.3): conversations started per day and per
 * hour (shop time), and how long the first staff answer and the resolution took — median and
 * 90th percentile (percentile_cont, linear between neighbours), overall and per agent (the one
 * who answered first, the one who resolved). Conversations count by when they started.
 */
export async function chatReport(
  db: Db,
  period: { from: string; to: string },
  timeZone: string,
): Promise<ChatReport> {
  const start = dayStart(period.from, timeZone);
  const end = dayStart(period.to, timeZone, true);
  if (!start || !end) throw new Error("report period not a date");
  const inPeriod = and(
    gte(chatClients.createdAt, start),
    lt(chatClients.createdAt, end),
    eq(chatClients.isArchived, false),
  );
  const local = sql`(${chatClients.createdAt} at time zone ${timeZone})`;
  const [days, hours, first, resolved] = await Promise.all([
    db
      .select({ day: sql<string>`to_char(${local}, 'YYYY-MM-DD')`, n: sql<number>`count(*)::int` })
      .from(chatClients)
      .where(inPeriod)
      .groupBy(sql`1`),
    db
      .select({ hour: sql<number>`extract(hour from ${local})::int`, n: sql<number>`count(*)::int` })
      .from(chatClients)
      .where(inPeriod)
      .groupBy(sql`1`),
    timeFigures(db, inPeriod, chatClients.firstResponseAt, chatClients.firstResponseAgentId),
    timeFigures(
      db,
      and(inPeriod, eq(chatClients.status, "resolved")),
      chatClients.resolvedAt,
      chatClients.resolvedByAgentId,
    ),
  ]);
  const perDayMap = new Map(days.map((d) => [d.day, Number(d.n)]));
  const perHour = Array.from({ length: 24 }, (_, h) =>
    Number(hours.find((x) => Number(x.hour) === h)?.n ?? 0),
  );
  const perDay = daysBetween(period.from, period.to).map((day) => ({ day, count: perDayMap.get(day) ?? 0 }));
  return {
    ...period,
    total: perDay.reduce((a, d) => a + d.count, 0),
    perDay,
    perHour,
    firstResponse: first.overall,
    resolution: resolved.overall,
    agents: mergeAgents(first.byAgent, resolved.byAgent),
  };
}

const none: TimeFigure = { count: 0, median: null, p90: null };

/** Count, median and p90 of `at - created_at` in seconds: overall and per agent, in one query. */
async function timeFigures(db: Db, where: SQL | undefined, at: AnyPgColumn, agent: AnyPgColumn) {
  const secs = sql`extract(epoch from (${at} - ${chatClients.createdAt}))`;
  const rows = await db
    .select({
      agentId: sql<string | null>`${agent}`,
      name: sql<string | null>`max(${chatAgents.name})`,
      all: sql<number>`grouping(${agent})`,
      n: sql<number>`count(*)::int`,
      median: sql<number | null>`percentile_cont(0.5) within group (order by ${secs})`,
      p90: sql<number | null>`percentile_cont(0.9) within group (order by ${secs})`,
    })
    .from(chatClients)
    .leftJoin(chatAgents, eq(chatAgents.id, agent))
    .where(and(where, isNotNull(at)))
    .groupBy(sql`grouping sets ((${agent}), ())`);
  // Hundredths of a second are plenty (and keep float noise out of the figures).
  const secs2 = (v: number | null) => (v === null ? null : Math.round(Number(v) * 100) / 100);
  const figure = (r: (typeof rows)[number]): TimeFigure => ({
    count: Number(r.n),
    median: secs2(r.median),
    p90: secs2(r.p90),
  });
  const overall = rows.find((r) => Number(r.all) === 1);
  return {
    overall: overall ? figure(overall) : none,
    byAgent: rows
      .filter((r) => Number(r.all) === 0 && r.agentId)
      .map((r) => ({ agentId: r.agentId as string, name: r.name ?? "", figure: figure(r) })),
  };
}

type ByAgent = { agentId: string; name: string; figure: TimeFigure }[];

function mergeAgents(first: ByAgent, resolved: ByAgent): AgentFigures[] {
  const ids = [...new Set([...first, ...resolved].map((a) => a.agentId))];
  return ids
    .map((agentId) => {
      const f = first.find((a) => a.agentId === agentId);
      const r = resolved.find((a) => a.agentId === agentId);
      return {
        agentId,
        name: f?.name || r?.name || "",
        firstResponse: f?.figure ?? none,
        resolution: r?.figure ?? none,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, "es"));
}
