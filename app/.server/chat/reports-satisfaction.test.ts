import { describe, expect, it } from "vitest";
import type { ChatRating } from "../../lib/chat";
import { formatSatisfaction, reportCsv, weeksBetween } from "../../lib/chat-reports";
import { loader as csvLoader } from "../../routes/admin/chat-reports/csv";
import { loader as reportsLoader } from "../../routes/admin/chat-reports/route";
import { makeAgent, startConversation } from "../testing/chat";
import { callRoute, routeContext, TEST_ADMIN } from "../testing/routes";
import { setupTestApp } from "../testing/setup";
import { rateConversation } from "./rating";
import { chatReport } from "./reports";
import { setConversationStatus } from "./staff";

const app = setupTestApp();
const TZ = "America/New_York";
const deps = () => ({ db: app.services.db, bus: app.services.bus });

/**
 * Answers to '¿Cómo te atendimos?' at fixed times (Miami), worked out by hand below: who resolved
 * each conversation, which face, when the visitor answered.
 */
async function seedAnswers() {
  const ana = await makeAgent(deps(), "Ana");
  const beto = await makeAgent(deps(), "Beto");
  const answer = async (resolver: { id: string } | null, rating: ChatRating, when: string) => {
    const c = await startConversation(deps());
    await setConversationStatus(deps(), c.clientId, "resolved", resolver?.id ?? null);
    await rateConversation(deps(), { clientId: c.clientId, rating, comment: null }, c.secret, {
      now: new Date(when),
    });
  };
  // Sunday 1 November (DST ended that night): the week that began on Monday 26 October.
  await answer(beto, "good", "2026-11-01T12:00:00-05:00");
  await answer(ana, "good", "2026-11-02T10:00:00-05:00");
  // Sunday 23:30 in Miami is already Monday in UTC: still the week of 2 November.
  await answer(ana, "good", "2026-11-08T23:30:00-05:00");
  await answer(ana, "bad", "2026-11-09T09:00:00-05:00");
  await answer(beto, "ok", "2026-11-10T16:00:00-05:00");
  // Resolved by nobody in particular: the whole team's figure only.
  await answer(null, "good", "2026-11-20T15:00:00-05:00");
  // The evening before the period (EDT): not counted.
  await answer(ana, "bad", "2026-10-31T23:30:00-04:00");
  return { ana, beto };
}

describe("the reports' 'Satisfacción' (issue 41)", () => {
  it("counts the good answers overall, per agent who resolved and per week from Monday, shop time", async () => {
    const { ana, beto } = await seedAnswers();
    const r = await chatReport(app.services.db, { from: "2026-11-01", to: "2026-11-30" }, TZ);
    const { satisfaction: s } = r;
    expect(s.overall).toEqual({ answers: 6, good: 4, ok: 1, bad: 1 });
    expect(formatSatisfaction(s.overall)).toBe("67 % buenas (4 de 6)");
    expect(s.agents).toEqual([
      { agentId: ana.id, name: "Ana", answers: 3, good: 2, ok: 0, bad: 1 },
      { agentId: beto.id, name: "Beto", answers: 2, good: 1, ok: 1, bad: 0 },
    ]);
    expect(s.agents.map(formatSatisfaction)).toEqual(["67 % buenas (2 de 3)", "50 % buenas (1 de 2)"]);
    expect(s.weeks).toEqual([
      { week: "2026-10-26", answers: 1, good: 1, ok: 0, bad: 0 },
      { week: "2026-11-02", answers: 2, good: 2, ok: 0, bad: 0 },
      { week: "2026-11-09", answers: 2, good: 0, ok: 1, bad: 1 },
      { week: "2026-11-16", answers: 1, good: 1, ok: 0, bad: 0 },
      { week: "2026-11-23", answers: 0, good: 0, ok: 0, bad: 0 },
      { week: "2026-11-30", answers: 0, good: 0, ok: 0, bad: 0 },
    ]);
    expect(formatSatisfaction(s.weeks[4] ?? s.overall)).toBe("Sin opiniones");

    // The CSV says the same.
    const csv = reportCsv(r);
    expect(csv).toContain("Agente,Opiniones,Bien,Regular,Mal,Buenas (%)\r\n");
    expect(csv).toContain("Todos,6,4,1,1,67\r\n");
    expect(csv).toContain("Ana,3,2,0,1,67\r\n");
    expect(csv).toContain("Beto,2,1,1,0,50\r\n");
    expect(csv).toContain("Semana (lunes),Opiniones,Bien,Regular,Mal,Buenas (%)\r\n");
    expect(csv).toContain("2026-11-02,2,2,0,0,100\r\n");
    expect(csv).toContain("2026-11-09,2,0,1,1,0\r\n");
    expect(csv).toContain("2026-11-23,0,0,0,0,\r\n");

    // One week only: the week it falls in.
    const day = await chatReport(app.services.db, { from: "2026-11-08", to: "2026-11-08" }, TZ);
    expect(day.satisfaction.overall).toEqual({ answers: 1, good: 1, ok: 0, bad: 0 });
    expect(day.satisfaction.weeks).toEqual([{ week: "2026-11-02", answers: 1, good: 1, ok: 0, bad: 0 }]);
  });

  it("reach the screen's data and the CSV download", async () => {
    const url = "http://localhost/admin/chat/informes?desde=2026-11-01&hasta=2026-11-30";
    const page = await callRoute<{ report: { satisfaction: { overall: { answers: number } } } }>(
      reportsLoader,
      new Request(url),
      routeContext(app.services, TEST_ADMIN),
    );
    expect(page.data.report.satisfaction.overall.answers).toBe(6);
    const csv = await callRoute<string>(
      csvLoader,
      new Request(url.replace("informes", "informes.csv")),
      routeContext(app.services, TEST_ADMIN),
    );
    expect(String(csv.data)).toContain("Todos,6,4,1,1,67\r\n");
  });

  it("lists every week with a day in the period, from its Monday", () => {
    expect(weeksBetween("2026-11-01", "2026-11-30")).toEqual([
      "2026-10-26",
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
      "2026-11-23",
      "2026-11-30",
    ]);
    expect(weeksBetween("2026-11-02", "2026-11-08")).toEqual(["2026-11-02"]);
    expect(weeksBetween("2026-12-28", "2027-01-04")).toEqual(["2026-12-28", "2027-01-04"]);
  });
});
