import { and, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
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
  // Two scans of the period's conversations: counts by day and hour, then every time figure.
  const [slots, times] = await Promise.all([
    db
      .select({
        day: sql<string>`to_char(${local}, 'YYYY-MM-DD')`,
        hour: sql<number>`extract(hour from ${local})::int`,
        n: sql<number>`count(*)::int`,
      })
      .from(chatClients)
      .where(inPeriod)
      .groupBy(sql`1`, sql`2`),
    timeFigures(db, inPeriod),
  ]);
  const perDayMap = new Map<string, number>();
  const perHour = Array.from({ length: 24 }, () => 0);
  for (const s of slots) {
    perDayMap.set(s.day, (perDayMap.get(s.day) ?? 0) + Number(s.n));
    perHour[Number(s.hour)] = (perHour[Number(s.hour)] ?? 0) + Number(s.n);
  }
  const perDay = daysBetween(period.from, period.to).map((day) => ({ day, count: perDayMap.get(day) ?? 0 }));
  return {
    ...period,
    total: perDay.reduce((a, d) => a + d.count, 0),
    perDay,
    perHour,
    firstResponse: times.first,
    resolution: times.resolution,
    agents: times.agents,
  };
}

const none: TimeFigure = { count: 0, median: null, p90: null };

/**
 * First response and resolution — count, median and p90 of the wait in seconds — overall, per
 * agent who answered first and per agent who resolved: one scan, three grouping sets.
 */
async function timeFigures(db: Db, inPeriod: SQL | undefined) {
  const c = chatClients;
  const answered = sql`${c.firstResponseAt} is not null`;
  const resolved = sql`${c.status} = 'resolved' and ${c.resolvedAt} is not null`;
  const firstSecs = sql`extract(epoch from (${c.firstResponseAt} - ${c.createdAt}))`;
  const resolveSecs = sql`extract(epoch from (${c.resolvedAt} - ${c.createdAt}))`;
  const pct = (p: number, secs: SQL, when: SQL) =>
    sql<
      number | null
    >`percentile_cont(${sql.raw(String(p))}) within group (order by ${secs}) filter (where ${when})`;
  const rows = await db
    .select({
      firstAgent: c.firstResponseAgentId,
      resolver: c.resolvedByAgentId,
      byFirst: sql<number>`grouping(${c.resolvedByAgentId})`,
      byResolver: sql<number>`grouping(${c.firstResponseAgentId})`,
      fn: sql<number>`count(*) filter (where ${answered})::int`,
      fmed: pct(0.5, firstSecs, answered),
      fp90: pct(0.9, firstSecs, answered),
      rn: sql<number>`count(*) filter (where ${resolved})::int`,
      rmed: pct(0.5, resolveSecs, resolved),
      rp90: pct(0.9, resolveSecs, resolved),
    })
    .from(c)
    .where(inPeriod)
    .groupBy(sql`grouping sets ((${c.firstResponseAgentId}), (${c.resolvedByAgentId}), ())`);
  // Hundredths of a second are plenty (and keep float noise out of the figures).
  const secs = (v: number | null) => (v === null ? null : Math.round(Number(v) * 100) / 100);
  const fig = (n: number, med: number | null, p90: number | null): TimeFigure =>
    Number(n) > 0 ? { count: Number(n), median: secs(med), p90: secs(p90) } : none;
  const overall = rows.find((r) => Number(r.byFirst) === 1 && Number(r.byResolver) === 1);
  const agents = new Map<string, { first: TimeFigure; resolution: TimeFigure }>();
  const entry = (id: string) => {
    const known = agents.get(id);
    if (known) return known;
    const made = { first: none, resolution: none };
    agents.set(id, made);
    return made;
  };
  for (const r of rows) {
    if (Number(r.byFirst) === 1 && Number(r.byResolver) === 0 && r.firstAgent)
      entry(r.firstAgent).first = fig(r.fn, r.fmed, r.fp90);
    if (Number(r.byFirst) === 0 && Number(r.byResolver) === 1 && r.resolver)
      entry(r.resolver).resolution = fig(r.rn, r.rmed, r.rp90);
  }
  const names = agents.size
    ? await db
        .select({ id: chatAgents.id, name: chatAgents.name })
        .from(chatAgents)
        .where(inArray(chatAgents.id, [...agents.keys()]))
    : [];
  return {
    first: overall ? fig(overall.fn, overall.fmed, overall.fp90) : none,
    resolution: overall ? fig(overall.rn, overall.rmed, overall.rp90) : none,
    agents: [...agents]
      .filter(([, a]) => a.first.count > 0 || a.resolution.count > 0)
      .map(
        ([agentId, a]): AgentFigures => ({
          agentId,
          name: names.find((n) => n.id === agentId)?.name ?? "",
          firstResponse: a.first,
          resolution: a.resolution,
        }),
      )
      .sort((x, y) => x.name.localeCompare(y.name, "es")),
  };
}
