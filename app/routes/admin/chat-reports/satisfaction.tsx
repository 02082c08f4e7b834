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

function FigureTable({
  caption,
  first,
  rows,
}: {
  caption: string;
  first: string;
  rows: { key: string; label: string; figure: SatisfactionFigure }[];
}) {
  const head = "px-3 py-2 font-medium";
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[28rem] text-sm">
        <caption className="mb-2 text-left text-sm font-medium">{caption}</caption>
        <thead className="text-left text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {first}
            </th>
            <th scope="col" className={head}>
              Satisfacción
            </th>
            {CHAT_RATINGS.map((r) => (
              <th key={r} scope="col" className={head}>
                {CHAT_RATING_LABELS[r]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, label, figure }) => (
            <tr key={key} className="border-t">
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {label}
              </th>
              <td className="px-3 py-2 tabular-nums">{formatSatisfaction(figure)}</td>
              {CHAT_RATINGS.map((r) => (
                <td key={r} className="px-3 py-2 tabular-nums">
                  {figure[r]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
