import { describe, expect, it } from "vitest";
import { progressSteps, trackingHelpText } from "./orders";

const steps = (o: Parameters<typeof progressSteps>[0]) =>
  progressSteps(o).map((s) => `${s.status}:${s.state}`);
const t = "2026-01-01T00:00:00.000Z";

describe("tracking progress indicator", () => {
  it("shows the whole path with the steps still to come", () => {
    expect(steps({ status: "en_local", enLocalAt: t })).toEqual([
      "en_local:current",
      "enviando:upcoming",
      "en_reparto:upcoming",
      "entregado:upcoming",
    ]);
    expect(steps({ status: "en_reparto" })).toEqual([
      "en_local:done",
      "enviando:done",
      "en_reparto:current",
      "entregado:upcoming",
    ]);
    expect(steps({ status: "entregado" })).toEqual([
      "en_local:done",
      "enviando:done",
      "en_reparto:done",
      "entregado:done",
    ]);
  });

  it("ends the line at 'cancelado' after the steps reached", () => {
    expect(steps({ status: "cancelado", enLocalAt: t, enviandoAt: t, canceladoAt: t })).toEqual([
      "en_local:done",
      "enviando:done",
      "cancelado:current",
    ]);
  });

  it("fills the tracking number into the WhatsApp question", () => {
    expect(trackingHelpText("TRK-2026-ABC123")).toBe("Hola, tengo una duda sobre mi pedido TRK-2026-ABC123.");
  });
});
