import { Download } from "lucide-react";
import { useMemo } from "react";
import { Form } from "react-router";
import { QuickRanges } from "~/components/staff/quick-ranges";
import { StaffPage } from "~/components/staff/staff-page";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { type Column, ResponsiveList } from "~/components/ui/responsive-list";
import { CHAT_URLS } from "~/lib/chat-api";
import {
  type AgentFigures,
  type ChatReport,
  conversationCount,
  formatDuration,
  waitSentence,
  waitWords,
} from "~/lib/chat-reports";
import { BarChart } from "./bar-chart";
import { SatisfactionSection } from "./satisfaction";

const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

/**
 * 'Informes del chat': the period, four figures at a glance, two charts, the agents' figures, the
 * customers' satisfaction, and the figures as a file for Excel. Waits read in words ('la mitad
 * en menos de…', '9 de cada 10 en menos de…'), never 'mediana' or '90 %' (issue 42).
 */
export function ReportsScreen({ report, today }: { report: ChatReport; today: string }) {
  const query = new URLSearchParams({ desde: report.from, hasta: report.to }).toString();
  return (
    <StaffPage
      title="Informes del chat"
      description="Cuántas conversaciones llegan, cuánto tarda el equipo en contestar y en resolverlas, y qué opinan los clientes."
      actions={
        <Button asChild variant="outline">
          {/* A CSV file: Excel (or any spreadsheet) opens it. */}
          <a href={`${CHAT_URLS.reportsCsv}?${query}`} download>
            <Download aria-hidden="true" /> Descargar para Excel
          </a>
        </Button>
      }
    >
      <PeriodForm from={report.from} to={report.to} today={today} />
      <Summary report={report} />
      <Charts report={report} />
      <AgentsTable report={report} />
      <SatisfactionSection report={report} />
    </StaffPage>
  );
}

function PeriodForm({ from, to, today }: { from: string; to: string; today: string }) {
  const period = (desde: string, hasta: string) =>
    `${CHAT_URLS.reports}?${new URLSearchParams({ desde, hasta }).toString()}`;
  return (
    <Form
      method="get"
      className="mb-6 flex flex-wrap items-end gap-3 rounded-xl border bg-card p-4"
      key={`${from}-${to}`}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="desde">Desde</Label>
        <Input id="desde" name="desde" type="date" lang="es" defaultValue={from} className="w-40" />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="hasta">Hasta</Label>
        <Input id="hasta" name="hasta" type="date" lang="es" defaultValue={to} className="w-40" />
      </div>
      <Button type="submit">Ver</Button>
      {today ? (
        <div className="basis-full">
          <QuickRanges today={today} from={from} to={to} href={period} />
        </div>
      ) : null}
    </Form>
  );
}

function Figure({ title, value, detail }: { title: string; value: string; detail: string }) {
  return (
    <div className="rounded-xl border bg-card p-4">
      <p className="text-sm text-muted-foreground">{title}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
      <p className="text-xs text-muted-foreground">{detail}</p>
    </div>
  );
}

function Summary({ report }: { report: ChatReport }) {
  const unanswered = report.total - report.firstResponse.count;
  return (
    <section aria-label="Resumen" className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Figure
        title="Conversaciones"
        value={report.total.toLocaleString("es")}
        detail={`${day(report.from)} – ${day(report.to)}`}
      />
      <Figure
        title="Primera respuesta"
        value={formatDuration(report.firstResponse.median)}
        detail={waitSentence(report.firstResponse, "se respondió", "respondida")}
      />
      <Figure
        title="Resolución"
        value={formatDuration(report.resolution.median)}
        detail={waitSentence(report.resolution, "se resolvió", "resuelta")}
      />
      <Figure
        title="Sin respuesta"
        value={unanswered.toLocaleString("es")}
        detail={
          unanswered === 1
            ? "conversación del periodo que nadie contestó"
            : "conversaciones del periodo que nadie contestó"
        }
      />
    </section>
  );
}

function Charts({ report }: { report: ChatReport }) {
  const days = useMemo(
    () => ({ labels: report.perDay.map((d) => day(d.day)), values: report.perDay.map((d) => d.count) }),
    [report],
  );
  const hours = useMemo(
    () => ({ labels: report.perHour.map((_, h) => `${h}h`), values: report.perHour }),
    [report],
  );
  return (
    <div className="mb-6 grid gap-4 lg:grid-cols-2">
      <section aria-labelledby="per-day" className="min-w-0 rounded-xl border bg-card p-4">
        <h2 id="per-day" className="mb-2 font-semibold">
          Conversaciones por día
        </h2>
        <BarChart labels={days.labels} values={days.values} label="Conversaciones por día" />
      </section>
      <section aria-labelledby="per-hour" className="min-w-0 rounded-xl border bg-card p-4">
        <h2 id="per-hour" className="mb-2 font-semibold">
          Conversaciones por hora del día
        </h2>
        <BarChart labels={hours.labels} values={hours.values} label="Conversaciones por hora del día" />
      </section>
    </div>
  );
}

/** A wait in a cell or a card: its two lines ('la mitad en menos de…', '9 de cada 10…'), or '—'. */
function Wait({ figure }: { figure: AgentFigures["firstResponse"] }) {
  const lines = waitWords(figure);
  if (lines.length === 0) return <span>—</span>;
  return (
    <span className="grid">
      {lines.map((l) => (
        <span key={l}>{l}</span>
      ))}
    </span>
  );
}

/**
 * 'Por agente': a table on wide screens, a card per agent on phones (nothing is cut at 390 px and
 * the page never scrolls sideways).
 */
function AgentsTable({ report }: { report: ChatReport }) {
  const rows: AgentFigures[] = [
    {
      agentId: "all",
      name: "Todo el equipo",
      firstResponse: report.firstResponse,
      resolution: report.resolution,
    },
    ...report.agents,
  ];
  const columns: Column<AgentFigures>[] = [
    { header: "Agente", cell: (a) => a.name, className: "font-medium" },
    {
      header: "Respondidas",
      cell: (a) => a.firstResponse.count.toLocaleString("es"),
      className: "tabular-nums",
    },
    { header: "Primera respuesta", cell: (a) => <Wait figure={a.firstResponse} /> },
    { header: "Resueltas", cell: (a) => a.resolution.count.toLocaleString("es"), className: "tabular-nums" },
    { header: "Resolución", cell: (a) => <Wait figure={a.resolution} /> },
  ];
  return (
    <section aria-labelledby="per-agent" className="min-w-0 rounded-xl border bg-card p-4">
      <h2 id="per-agent" className="mb-3 font-semibold">
        Por agente
      </h2>
      <ResponsiveList
        rows={rows}
        rowKey={(a) => a.agentId}
        columns={columns}
        card={(a) => (
          <>
            <p className="font-semibold break-words">{a.name}</p>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm [&_dd]:break-words">
              <dt className="text-muted-foreground">Respondidas</dt>
              <dd>{conversationCount(a.firstResponse.count)}</dd>
              <dt className="text-muted-foreground">Primera respuesta</dt>
              <dd>
                <Wait figure={a.firstResponse} />
              </dd>
              <dt className="text-muted-foreground">Resueltas</dt>
              <dd>{conversationCount(a.resolution.count)}</dd>
              <dt className="text-muted-foreground">Resolución</dt>
              <dd>
                <Wait figure={a.resolution} />
              </dd>
            </dl>
          </>
        )}
      />
    </section>
  );
}
