import { type Column, ResponsiveList } from "~/components/ui/responsive-list";
import { CHAT_RATING_LABELS, CHAT_RATINGS } from "~/lib/chat";
import { CHAT_RATING_FACES } from "~/lib/chat-rating";
import { type ChatReport, formatSatisfaction, type SatisfactionFigure } from "~/lib/chat-reports";
import { addDays, formatDayRange } from "~/lib/dates";

/**
 * 'Satisfacción' (issue 41): what visitors answered to '¿Cómo te atendimos?' in the period — the
 * share of 'Bien' with how many answered, for the whole team, per agent who resolved the
 * conversation and per week (Monday to Sunday).
 */
export function SatisfactionSection({ report }: { report: ChatReport }) {
  const { overall, agents, weeks } = report.satisfaction;
  // Fixed to the period, so the server and the browser write the same years.
  const now = new Date(`${report.to}T12:00:00Z`);
  return (
    <section aria-labelledby="satisfaction" className="mt-6 rounded-xl border bg-card p-4">
      <h2 id="satisfaction" className="font-semibold">
        Satisfacción
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        Al terminar la conversación preguntamos al cliente «¿Cómo te atendimos?». Estas son sus respuestas en
        el periodo.
      </p>
      <p className="text-2xl font-bold tabular-nums">{formatSatisfaction(overall)}</p>
      <p className="mb-4 text-xs text-muted-foreground">{faces(overall)}</p>
      <div className="grid gap-6 lg:grid-cols-2">
        <FigureTable
          caption="Por agente (quien resolvió la conversación)"
          first="Agente"
          rows={[
            { key: "all", label: "Todo el equipo", figure: overall },
            ...agents.map((a) => ({ key: a.agentId, label: a.name, figure: a })),
          ]}
        />
        <FigureTable
          caption="Por semana (de lunes a domingo)"
          first="Semana"
          rows={weeks.map((w) => ({
            key: w.week,
            label: formatDayRange(w.week, addDays(w.week, 6), now),
            figure: w,
          }))}
        />
      </div>
    </section>
  );
}

/** '😀 Bien 12 · 😐 Regular 1 · 🙁 Mal 1' */
const faces = (f: SatisfactionFigure) =>
  CHAT_RATINGS.map((r) => `${CHAT_RATING_FACES[r]} ${CHAT_RATING_LABELS[r]} ${f[r]}`).join(" · ");

type FigureRow = { key: string; label: string; figure: SatisfactionFigure };

/** One of the two tables: a table on wide screens, a card per row on phones (nothing cut at 390 px). */
function FigureTable({ caption, first, rows }: { caption: string; first: string; rows: FigureRow[] }) {
  const columns: Column<FigureRow>[] = [
    { header: first, cell: (r) => r.label, className: "font-medium" },
    { header: "Satisfacción", cell: (r) => formatSatisfaction(r.figure), className: "tabular-nums" },
    ...CHAT_RATINGS.map((rating) => ({
      header: CHAT_RATING_LABELS[rating],
      cell: (r: FigureRow) => r.figure[rating],
      className: "tabular-nums",
    })),
  ];
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-sm font-medium">{caption}</h3>
      <ResponsiveList
        rows={rows}
        rowKey={(r) => r.key}
        columns={columns}
        card={(r) => (
          <>
            <p className="font-semibold break-words">{r.label}</p>
            <p className="mt-1 text-sm tabular-nums">{formatSatisfaction(r.figure)}</p>
            <p className="text-xs text-muted-foreground">{faces(r.figure)}</p>
          </>
        )}
      />
    </div>
  );
}
