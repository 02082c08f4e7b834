import { describe, expect, it } from "vitest";
import { DEFAULT_PRICE_LIST } from "../../lib/price-list";
import { fillSavedReply } from "../../lib/saved-reply-text";
import { savePriceList } from "../content/prices";
import { saveSpecialDate } from "../content/schedule";
import { TEST_ADMIN } from "../testing/routes";
import { setupTestApp } from "../testing/setup";
import { listSavedReplies } from "./saved-replies";
import { hoursText, savedReplyVars } from "./saved-reply-vars";

const app = setupTestApp();
const TZ = "America/New_York";
// Wednesday 25 November 2026, noon in Miami.
const NOW = new Date("2026-11-25T17:00:00Z");
const vars = () =>
  savedReplyVars({
    siteContent: app.services.siteContent,
    origin: "https://tienda.example",
    timeZone: TZ,
    now: NOW,
  });

describe("saved replies on a fresh database", () => {
  it("come with the team's six starter replies, listed for everyone by title", async () => {
    const replies = await listSavedReplies(app.services.db, TEST_ADMIN.id);
    expect(replies.map((r) => [r.title, r.mine])).toEqual([
      ["Gracias", false],
      ["Horario", false],
      ["Precios de envío", false],
      ["Saludo", false],
      ["Seguimiento", false],
      ["Tamaños de caja", false],
    ]);
    const saludo = replies.find((r) => r.title === "Saludo");
    expect(fillSavedReply(saludo?.body ?? "", { nombre: "Visitante 1002" })).toBe(
      "Hola, gracias por escribirnos. ¿En qué te podemos ayudar?",
    );
  });
});

describe("savedReplyVars: the shop's own data", () => {
  it("lists the owner's current prices and box sizes, and shows a change after it is saved", async () => {
    const before = await vars();
    expect(before.precios.split("\n")).toEqual([
      "• 20×20×20 pulgadas: $245",
      "• 22×22×22 pulgadas: $260",
      "• 24×24×24 pulgadas: $285",
      "• 36×22×22 pulgadas: $320",
      "• 24×24×36 pulgadas: $370",
      "• 41×28×24 pulgadas: $450",
    ]);
    expect(before.cajas.split("\n")[0]).toBe("• 20×20×20 pulgadas (51×51×51 cm)");
    expect(before.seguimiento).toBe("https://tienda.example/seguimiento");

    const [first, ...rest] = DEFAULT_PRICE_LIST.boxes;
    if (!first) throw new Error("the default list has boxes");
    await savePriceList(
      { db: app.services.db, bus: app.services.bus },
      { ...DEFAULT_PRICE_LIST, boxes: [{ ...first, name: "Caja chica", priceCents: 25_550 }, ...rest] },
      null,
    );
    // The save drops the cached site content on every instance (the bus): the next read has it.
    await expect
      .poll(async () => (await vars()).precios.split("\n")[0])
      .toBe("• Caja chica (20×20×20 pulgadas): $255.50");
    expect((await vars()).cajas.split("\n")[0]).toBe("• Caja chica: 20×20×20 pulgadas (51×51×51 cm)");
  });

  it("gives the opening hours as the footer shows them, with the special dates to come", async () => {
    expect((await vars()).horario).toBe(
      ["Lunes a Viernes: 9:00 AM - 6:00 PM", "Sábado: 10:00 AM - 2:00 PM", "Domingo: Cerrado"].join("\n"),
    );
    await saveSpecialDate(
      { db: app.services.db, bus: app.services.bus, timeZone: TZ, now: () => NOW },
      {
        id: undefined,
        startsOn: "2026-12-25",
        endsOn: "2026-12-25",
        closed: true,
        opensAt: null,
        closesAt: null,
        reason: "Navidad",
      },
    );
    await expect.poll(async () => (await vars()).horario).toContain("Fechas especiales:");
    expect((await vars()).horario.split("\n").slice(3)).toEqual([
      "Fechas especiales:",
      "• 25 de diciembre: Cerrado (Navidad)",
    ]);
  });
});

describe("hoursText", () => {
  const text = {
    businessHoursWeekday: "9:00 AM - 6:00 PM",
    businessHoursSaturday: "10:00 AM - 2:00 PM",
    businessHoursSunday: "Cerrado",
  };
  const special = (startsOn: string, endsOn: string, reason: string, hours?: [string, string]) => ({
    id: reason,
    startsOn,
    endsOn,
    closed: !hours,
    opensAt: hours?.[0] ?? null,
    closesAt: hours?.[1] ?? null,
    reason,
  });

  it("says today's special hours first and leaves out the dates that ended", () => {
    const lines = hoursText(
      text,
      {
        specialDates: [
          special("2026-11-20", "2026-11-21", "Pasado"),
          special("2026-11-25", "2026-11-26", "Acción de Gracias"),
          special("2026-12-24", "2026-12-24", "Nochebuena", ["09:00", "14:00"]),
        ],
      },
      NOW,
      TZ,
    ).split("\n");
    expect(lines.slice(3)).toEqual([
      "Hoy: Cerrado (Acción de Gracias)",
      "Fechas especiales:",
      "• 24 de diciembre: 9:00 AM – 2:00 PM (Nochebuena)",
    ]);
  });
});
