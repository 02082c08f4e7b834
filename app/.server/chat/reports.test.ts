import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { reportCsv } from "../../lib/chat-reports";
import { loader as csvLoader } from "../../routes/admin/chat-reports/csv";
import { loader as reportsLoader } from "../../routes/admin/chat-reports/route";
import { makeAgent, newClientId } from "../testing/chat";
import { callRoute, routeContext, TEST_ADMIN, TEST_OPERADOR } from "../testing/routes";
import { setupTestApp } from "../testing/setup";
import { chatReport } from "./reports";
import { setConversationStatus, staffReply } from "./staff";
import { visitorSend } from "./visitor";

const app = setupTestApp();
const TZ = "America/New_York";
const deps = () => ({ db: app.services.db, bus: app.services.bus });
const at = (iso: string, plusSeconds = 0) => new Date(Date.parse(iso) + plusSeconds * 1000);

/**
 * A month of conversations whose figures are worked out by hand below (times in Miami, EST in
 * November): who answered first and when, who resolved and when.
 */
async function seedMonth() {
  const ana = await makeAgent(deps(), "Ana");
  const beto = await makeAgent(deps(), "Beto");
  const conv = async (start: string, reply?: [typeof ana, number], resolve?: [typeof ana, number]) => {
    const clientId = newClientId();
    const now = at(start);
    await visitorSend(deps(), { clientId, clientMessageId: randomUUID(), message: "Hola" }, null, {
      ip: `10.1.${Math.floor(Math.random() * 250)}.1`,
      now,
    });
    if (reply) await staffReply(deps(), clientId, reply[0], "Buenos días", at(start, reply[1]));
    if (resolve)
      await setConversationStatus(deps(), clientId, "resolved", resolve[0].id, at(start, resolve[1]));
  };
  await conv("2026-11-02T09:00:00-05:00", [ana, 60], [ana, 600]);
  await conv("2026-11-02T09:30:00-05:00", [ana, 120], [ana, 1200]);
  await conv("2026-11-03T14:00:00-05:00", [beto, 300], [beto, 3600]);
  await conv("2026-11-10T14:10:00-05:00", [beto, 30]);
  await conv("2026-11-20T20:00:00-05:00");
  // The evening before the period (EDT): not counted.
  await conv("2026-10-31T23:00:00-04:00", [ana, 10], [ana, 20]);
  return { ana, beto };
}

describe("chat reports (docs/product.md §3.3)", () => {
  it("match the figures worked out by hand over a seeded month", async () => {
    const { ana, beto } = await seedMonth();
    const r = await chatReport(app.services.db, { from: "2026-11-01", to: "2026-11-30" }, TZ);
    expect(r.total).toBe(5);
    expect(r.perDay).toHaveLength(30);
    expect(r.perDay.filter((d) => d.count > 0)).toEqual([
      { day: "2026-11-02", count: 2 },
      { day: "2026-11-03", count: 1 },
      { day: "2026-11-10", count: 1 },
      { day: "2026-11-20", count: 1 },
    ]);
    expect(r.perHour[9]).toBe(2);
    expect(r.perHour[14]).toBe(2);
    expect(r.perHour[20]).toBe(1);
    expect(r.perHour.reduce((a, b) => a + b, 0)).toBe(5);
    // First responses: 60, 120, 300, 30 s. Sorted 30, 60, 120, 300: median (60+120)/2 = 90;
    // 90th percentile at rank 0.9·3 = 2.7: 120 + 0.7·(300−120) = 246.
    expect(r.firstResponse).toEqual({ count: 4, median: 90, p90: 246 });
    // Resolutions: 600, 1200, 3600 s: median 1200; rank 1.8: 1200 + 0.8·2400 = 3120.
    expect(r.resolution).toEqual({ count: 3, median: 1200, p90: 3120 });
    // Ana: answers 60, 120 → 90 and 60 + 0.9·60 = 114; resolutions 600, 1200 → 900 and 1140.
    // Beto: answers 300, 30 → 165 and 30 + 0.9·270 = 273; one resolution of 3600.
    expect(r.agents).toEqual([
      {
        agentId: ana.id,
        name: "Ana",
        firstResponse: { count: 2, median: 90, p90: 114 },
        resolution: { count: 2, median: 900, p90: 1140 },
      },
      {
        agentId: beto.id,
        name: "Beto",
        firstResponse: { count: 2, median: 165, p90: 273 },
        resolution: { count: 1, median: 3600, p90: 3600 },
      },
    ]);
    // The CSV says the same, in minutes.
    const csv = reportCsv(r);
    expect(csv).toContain("2026-11-02,2\r\n");
    expect(csv).toContain("09:00,2\r\n");
    expect(csv).toContain("Todos,4,1.5,4.1,3,20.0,52.0\r\n");
    expect(csv).toContain("Ana,2,1.5,1.9,2,15.0,19.0\r\n");
    expect(csv).toContain("Beto,2,2.8,4.5,1,60.0,60.0\r\n");
  });

  it("are for admins: the screen and the CSV refuse an operador", async () => {
    const url = "http://localhost/admin/chat/informes?desde=2026-11-01&hasta=2026-11-30";
    const page = await callRoute<{ report: { total: number } }>(
      reportsLoader,
      new Request(url),
      routeContext(app.services, TEST_ADMIN),
    );
    expect(page.data.report.total).toBe(5);
    expect(
      (await callRoute(reportsLoader, new Request(url), routeContext(app.services, TEST_OPERADOR))).status,
    ).toBe(302);
    const csv = await callRoute<string>(
      csvLoader,
      new Request(url.replace("informes", "informes.csv")),
      routeContext(app.services, TEST_ADMIN),
    );
    expect(csv.status).toBe(200);
    expect(String(csv.data)).toContain("Informe de chat,2026-11-01,2026-11-30");
    const refused = await callRoute(
      csvLoader,
      new Request(url.replace("informes", "informes.csv")),
      routeContext(app.services, TEST_OPERADOR),
    );
    // A page request without the permission goes back to the panel, as every guarded page does.
    expect(refused.status).toBe(302);
  });
});
