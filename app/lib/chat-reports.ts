import { addDays, dayStart, zonedParts } from "./dates";
import { plural } from "./plural";

/**
 * The chat reports (docs/product.md §3.3, /admin/chat/informes): period, figures, the file for
 * Excel. Browser-safe.
 */

/** A period's figure: how many, and the median and 90th percentile in seconds (null: none). */
export type TimeFigure = { count: number; median: number | null; p90: number | null };
export type AgentFigures = {
  agentId: string;
  name: string;
  firstResponse: TimeFigure;
  resolution: TimeFigure;
};
/** How visitors answered '¿Cómo te atendimos?' (issue 41): how many answers, and of each face. */
export type SatisfactionFigure = { answers: number; good: number; ok: number; bad: number };
/**
 * The answers given in the period: all of them, per agent who resolved the conversation, and per
 * week (Monday to Sunday in the shop's time zone; `week` is its Monday, 'YYYY-MM-DD').
 */
export type Satisfaction = {
  overall: SatisfactionFigure;
  agents: ({ agentId: string; name: string } & SatisfactionFigure)[];
  weeks: ({ week: string } & SatisfactionFigure)[];
};
export type ChatReport = {
  from: string;
  to: string;
  total: number;
  perDay: { day: string; count: number }[];
  /** Conversations started in each hour of the day (0–23, shop time). */
  perHour: number[];
  firstResponse: TimeFigure;
  resolution: TimeFigure;
  agents: AgentFigures[];
  satisfaction: Satisfaction;
};

/** The longest period one report covers. */
export const REPORT_MAX_DAYS = 366;
export const DEFAULT_REPORT_DAYS = 30;

const iso = (p: { year: number; month: number; day: number }) =>
  `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;

/** Every day 'YYYY-MM-DD' from `from` to `to`, both included (calendar arithmetic, no time zone). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const start = new Date(`${from}T12:00:00Z`);
  const end = new Date(`${to}T12:00:00Z`);
  for (let d = start; d <= end && out.length <= REPORT_MAX_DAYS; d = new Date(d.getTime() + 86_400_000))
    out.push(d.toISOString().slice(0, 10));
  return out;
}

/**
 * The period the URL asks for (?desde=YYYY-MM-DD&hasta=YYYY-MM-DD), else the last 30 days up to
 * today in the shop's time zone; a reversed or too long period is put right, never refused.
 */
export function reportPeriod(params: URLSearchParams, timeZone: string, now = new Date()) {
  const valid = (v: string | null) => (v && dayStart(v, timeZone) ? v : null);
  let to = valid(params.get("hasta")) ?? iso(zonedParts(now, timeZone));
  let from = valid(params.get("desde")) ?? addDays(to, -(DEFAULT_REPORT_DAYS - 1));
  if (from > to) [from, to] = [to, from];
  if (daysBetween(from, to).length > REPORT_MAX_DAYS) from = addDays(to, -(REPORT_MAX_DAYS - 1));
  return { from, to };
}

/** The Monday of every week that has a day in the period, oldest first ('YYYY-MM-DD'). */
export function weeksBetween(from: string, to: string): string[] {
  const weekday = new Date(`${from}T12:00:00Z`).getUTCDay();
  const out: string[] = [];
  for (let w = addDays(from, -((weekday + 6) % 7)); w <= to && out.length <= 60; w = addDays(w, 7))
    out.push(w);
  return out;
}

/** The share of 'Bien' answers in whole percent; null without answers. */
export const goodShare = (f: SatisfactionFigure) =>
  f.answers > 0 ? Math.round((f.good * 100) / f.answers) : null;

/** '83 % buenas (12 de 14)', or 'Sin opiniones'. */
export function formatSatisfaction(f: SatisfactionFigure): string {
  const share = goodShare(f);
  return share === null ? "Sin opiniones" : `${share} % buenas (${f.good} de ${f.answers})`;
}

/** Seconds as people read a wait: '45 s', '12 min', '3 h 5 min', '2 d 4 h'; '—' for none. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return "—";
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

/** '1 conversación', '23 conversaciones'. */
export const conversationCount = (n: number) => plural(n, "conversación", "conversaciones");

/**
 * A wait in words, without statistics' terms (issue 42): 'la mitad en menos de 4 min' and '9 de
 * cada 10 en menos de 12 min' (the median and the 90th percentile); one conversation is 'en 4 min';
 * none, nothing.
 */
export function waitWords(f: TimeFigure): string[] {
  if (f.count === 0 || f.median === null) return [];
  if (f.count === 1) return [`en ${formatDuration(f.median)}`];
  return [
    `la mitad en menos de ${formatDuration(f.median)}`,
    `9 de cada 10 en menos de ${formatDuration(f.p90)}`,
  ];
}

/**
 * The summary's sentence of a wait: 'La mitad se respondió en menos de 4 min · 9 de cada 10 en
 * menos de 12 min · 23 conversaciones'; `verb` says what was done ('se respondió'), `done` the
 * same of one ('respondida').
 */
export function waitSentence(f: TimeFigure, verb: string, done: string): string {
  if (f.count === 0 || f.median === null) return "Ninguna en el periodo";
  if (f.count === 1) return `1 conversación, ${done} en ${formatDuration(f.median)}`;
  return [
    `La mitad ${verb} en menos de ${formatDuration(f.median)}`,
    `9 de cada 10 en menos de ${formatDuration(f.p90)}`,
    conversationCount(f.count),
  ].join(" · ");
}

const minutes = (s: number | null) => (s === null ? "" : (s / 60).toFixed(1));
const cell = (v: string | number) => {
  const t = String(v);
  return /[",\n;]/.test(t) ? `"${t.replaceAll('"', '""')}"` : t;
};

/** '¿Cómo te atendimos?' in the CSV: the answers, each face, and the share of 'Bien'. */
const SATISFACTION_HEADER = (first: string) => [first, "Opiniones", "Bien", "Regular", "Mal", "Buenas (%)"];
const satisfactionCells = (f: SatisfactionFigure) => [f.answers, f.good, f.ok, f.bad, goodShare(f) ?? ""];

/**
 * The same figures as the screen, as a CSV file a spreadsheet (Excel) opens: 'Descargar para
 * Excel'. Times in minutes, one decimal, headed in the screen's words.
 */
export function reportCsv(r: ChatReport): string {
  const rows: (string | number)[][] = [
    ["Informe de chat", r.from, r.to],
    ["Conversaciones", r.total],
    [],
    ["Día", "Conversaciones"],
    ...r.perDay.map((d) => [d.day, d.count]),
    [],
    ["Hora", "Conversaciones"],
    ...r.perHour.map((n, h) => [`${String(h).padStart(2, "0")}:00`, n]),
    [],
    [
      "Agente",
      "Respondidas",
      "Primera respuesta: la mitad en menos de (min)",
      "Primera respuesta: 9 de cada 10 en menos de (min)",
      "Resueltas",
      "Resolución: la mitad en menos de (min)",
      "Resolución: 9 de cada 10 en menos de (min)",
    ],
    ...[{ name: "Todos", firstResponse: r.firstResponse, resolution: r.resolution }, ...r.agents].map((a) => [
      a.name,
      a.firstResponse.count,
      minutes(a.firstResponse.median),
      minutes(a.firstResponse.p90),
      a.resolution.count,
      minutes(a.resolution.median),
      minutes(a.resolution.p90),
    ]),
    [],
    SATISFACTION_HEADER("Agente"),
    ...[{ name: "Todos", ...r.satisfaction.overall }, ...r.satisfaction.agents].map((a) => [
      a.name,
      ...satisfactionCells(a),
    ]),
    [],
    SATISFACTION_HEADER("Semana (lunes)"),
    ...r.satisfaction.weeks.map((w) => [w.week, ...satisfactionCells(w)]),
  ];
  return `\uFEFF${rows.map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}
