import { Download } from "lucide-react";
import { useMemo } from "react";
import { Form, Link } from "react-router";
import { StaffPage } from "~/components/staff/staff-page";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { CHAT_URLS } from "~/lib/chat-api";
import { type ChatReport, formatDuration, type TimeFigure } from "~/lib/chat-reports";
import { BarChart } from "./bar-chart";
import { SatisfactionSection } from "./satisfaction";

const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

/**
 * 'Informes del chat': the period, four figures at a glance, two charts, the agents' table, the
 * customers' satisfaction, CSV.
 */
export function ReportsScreen({ report }: { report: ChatReport }) {
  const query = new URLSearchParams({ desde: report.from, hasta: report.to }).toString();
  return (
    <StaffPage
      title="Informes del chat"
      description="Cuántas conversaciones llegan, cuánto tarda el equipo en contestar y en resolverlas, y qué opinan los clientes."
      actions={
        <Button asChild variant="outline">
          <a href={`${CHAT_URLS.reportsCsv}?${query}`} download>
            <Download aria-hidden="true" /> Descargar CSV
          </a>
        </Button>
      }
    >
      <PeriodForm from={report.from} to={report.to} />
      <Summary report={report} />
      <Charts report={report} />
      <AgentsTable report={report} />
      <SatisfactionSection report={report} />
    </StaffPage>
  );
}

function PeriodForm({ from, to }: { from: string; to: string }) {
  return (
    <Form
      method="get"
      className="mb-6 flex flex-wrap items-end gap-3 rounded-xl border bg-card p-4"
      key={`${from}-${to}`}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="desde">Desde</Label>
        <Input id="desde" name="desde" type="date" defaultValue={from} className="w-40" />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="hasta">Hasta</Label>
        <Input id="hasta" name="hasta" type="date" defaultValue={to} className="w-40" />
      </div>
      <Button type="submit">Ver</Button>
      <Link to={CHAT_URLS.reports} className="min-h-10 content-center text-sm underline underline-offset-2">
        Últimos 30 días
      </Link>
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

const p90 = (f: TimeFigure) =>
  `90 %: ${formatDuration(f.p90)} · ${f.count.toLocaleString("es")} conversaciones`;

function Summary({ report }: { report: ChatReport }) {
  return (
    <section aria-label="Resumen" className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Figure
        title="Conversaciones"
        value={report.total.toLocaleString("es")}
        detail={`${day(report.from)} – ${day(report.to)}`}
      />
      <Figure
        title="Primera respuesta (mediana)"
        value={formatDuration(report.firstResponse.median)}
        detail={p90(report.firstResponse)}
      />
      <Figure
        title="Resolución (mediana)"
        value={formatDuration(report.resolution.median)}
        detail={p90(report.resolution)}
      />
      <Figure
        title="Sin respuesta"
        value={(report.total - report.firstResponse.count).toLocaleString("es")}
        detail="conversaciones del periodo que nadie contestó"
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

function AgentsTable({ report }: { report: ChatReport }) {
  const rows = [
    {
      agentId: "all",
      name: "Todo el equipo",
      firstResponse: report.firstResponse,
      resolution: report.resolution,
    },
    ...report.agents,
  ];
  return (
    <section aria-labelledby="per-agent" className="rounded-xl border bg-card p-4">
      <h2 id="per-agent" className="mb-3 font-semibold">
        Por agente
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-sm">
          <thead className="text-left text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Agente
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Primeras respuestas
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Primera respuesta (mediana / 90 %)
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Resueltas
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Resolución (mediana / 90 %)
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.agentId} className="border-t">
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {a.name}
                </th>
                <td className="px-3 py-2 tabular-nums">{a.firstResponse.count}</td>
                <td className="px-3 py-2 tabular-nums">
                  {formatDuration(a.firstResponse.median)} / {formatDuration(a.firstResponse.p90)}
                </td>
                <td className="px-3 py-2 tabular-nums">{a.resolution.count}</td>
                <td className="px-3 py-2 tabular-nums">
                  {formatDuration(a.resolution.median)} / {formatDuration(a.resolution.p90)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
