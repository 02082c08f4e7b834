import { and, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import {
  type AgentFigures,
  type ChatReport,
  daysBetween,
  type Satisfaction,
  type SatisfactionFigure,
  type TimeFigure,
  weeksBetween,
} from "../../lib/chat-reports";
import { dayStart, zonedParts } from "../../lib/dates";
import type { Db } from "../db/client";
import { chatAgents, chatClients, chatRatings } from "../db/schema";

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
  // Two scans of the period's conversations: counts per quarter of an hour (cheap: no time zone
  // arithmetic per row; every time zone's offset is a multiple of 15 minutes), turned into the
  // shop's days and hours here; then every time figure.
  const [slots, times, rated] = await Promise.all([
    db
      .select({
        slot: sql<number>`(extract(epoch from ${chatClients.createdAt})::bigint / 900)::int`,
        n: sql<number>`count(*)::int`,
      })
      .from(chatClients)
      .where(inPeriod)
      .groupBy(sql`1`),
    timeFigures(db, inPeriod),
    satisfaction(db, { start, end, from: period.from, to: period.to }, timeZone),
  ]);
  const perDayMap = new Map<string, number>();
  const perHour = Array.from({ length: 24 }, () => 0);
  for (const s of slots) {
    const p = zonedParts(new Date(Number(s.slot) * 900_000), timeZone);
    const day = `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
    perDayMap.set(day, (perDayMap.get(day) ?? 0) + Number(s.n));
    perHour[p.hour] = (perHour[p.hour] ?? 0) + Number(s.n);
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
    satisfaction: rated,
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
  // Median and 90th percentile from one sort each.
  const pct = (secs: SQL, when: SQL) =>
    sql<
      (number | null)[] | null
    >`percentile_cont(array[0.5, 0.9]) within group (order by ${secs}) filter (where ${when})`;
  const rows = await db
    .select({
      firstAgent: c.firstResponseAgentId,
      resolver: c.resolvedByAgentId,
      byFirst: sql<number>`grouping(${c.resolvedByAgentId})`,
      byResolver: sql<number>`grouping(${c.firstResponseAgentId})`,
      fn: sql<number>`count(*) filter (where ${answered})::int`,
      fpct: pct(firstSecs, answered),
      rn: sql<number>`count(*) filter (where ${resolved})::int`,
      rpct: pct(resolveSecs, resolved),
    })
    .from(c)
    .where(inPeriod)
    .groupBy(sql`grouping sets ((${c.firstResponseAgentId}), (${c.resolvedByAgentId}), ())`);
  // Hundredths of a second are plenty (and keep float noise out of the figures).
  const secs = (v: number | null) => (v === null ? null : Math.round(Number(v) * 100) / 100);
  const fig = (n: number, p: (number | null)[] | null): TimeFigure =>
    Number(n) > 0 ? { count: Number(n), median: secs(p?.[0] ?? null), p90: secs(p?.[1] ?? null) } : none;
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
      entry(r.firstAgent).first = fig(r.fn, r.fpct);
    if (Number(r.byFirst) === 0 && Number(r.byResolver) === 1 && r.resolver)
      entry(r.resolver).resolution = fig(r.rn, r.rpct);
  }
  const names = agents.size
    ? await db
        .select({ id: chatAgents.id, name: chatAgents.name })
        .from(chatAgents)
        .where(inArray(chatAgents.id, [...agents.keys()]))
    : [];
  return {
    first: overall ? fig(overall.fn, overall.fpct) : none,
    resolution: overall ? fig(overall.rn, overall.rpct) : none,
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

const noAnswers: SatisfactionFigure = { answers: 0, good: 0, ok: 0, bad: 0 };

/**
 * '¿Cómo te atendimos?' (issue 41): the answers given in the period (by when they were given),
 * overall, per agent who resolved the conversation and per week (Monday to Sunday in the shop's
 * time zone): one scan, three grouping sets. Weeks without answers are listed with none.
 */
async function satisfaction(
  db: Db,
  period: { start: Date; end: Date; from: string; to: string },
  timeZone: string,
): Promise<Satisfaction> {
  const r = chatRatings;
  // Postgres weeks start on Monday; the shop's wall clock decides which one an answer is in.
  const rated = db
    .select({
      agentId: r.agentId,
      rating: r.rating,
      week: sql<string>`(date_trunc('week', ${r.createdAt} at time zone ${timeZone}))::date::text`.as("week"),
    })
    .from(r)
    .innerJoin(chatClients, eq(chatClients.clientId, r.clientId))
    .where(
      and(gte(r.createdAt, period.start), lt(r.createdAt, period.end), eq(chatClients.isArchived, false)),
    )
    .as("rated");
  const count = (rating?: string) =>
    rating
      ? sql<number>`(count(*) filter (where ${rated.rating} = ${rating}))::int`
      : sql<number>`count(*)::int`;
  const rows = await db
    .select({
      agentId: rated.agentId,
      week: rated.week,
      // 1 where the rows were not told apart by that column: a per-agent row folds the weeks.
      weeksFolded: sql<number>`grouping(${rated.week})`,
      agentsFolded: sql<number>`grouping(${rated.agentId})`,
      answers: count(),
      good: count("good"),
      ok: count("ok"),
      bad: count("bad"),
    })
    .from(rated)
    .groupBy(sql`grouping sets ((${rated.agentId}), (${rated.week}), ())`);
  const figure = (row: (typeof rows)[number]): SatisfactionFigure => ({
    answers: Number(row.answers),
    good: Number(row.good),
    ok: Number(row.ok),
    bad: Number(row.bad),
  });
  const overall = rows.find((x) => Number(x.weeksFolded) === 1 && Number(x.agentsFolded) === 1);
  // Resolved by nobody in particular, or by an agent since deleted (agent_id set null): counted in
  // the whole team's figure only.
  const perAgent = rows.filter(
    (x) => Number(x.weeksFolded) === 1 && Number(x.agentsFolded) === 0 && x.agentId,
  );
  const perWeek = new Map(
    rows
      .filter((x) => Number(x.agentsFolded) === 1 && Number(x.weeksFolded) === 0 && x.week)
      .map((x) => [x.week, figure(x)] as const),
  );
  const ids = perAgent.map((x) => x.agentId as string);
  const names = ids.length
    ? await db
        .select({ id: chatAgents.id, name: chatAgents.name })
        .from(chatAgents)
        .where(inArray(chatAgents.id, ids))
    : [];
  return {
    overall: overall ? figure(overall) : noAnswers,
    agents: perAgent
      .map((x) => ({
        agentId: x.agentId as string,
        name: names.find((n) => n.id === x.agentId)?.name ?? "",
        ...figure(x),
      }))
      .sort((a, b) => a.name.localeCompare(b.name, "es")),
    weeks: weeksBetween(period.from, period.to).map((week) => ({
      week,
      ...(perWeek.get(week) ?? noAnswers),
    })),
  };
}
