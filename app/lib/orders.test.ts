import { describe, expect, it } from "vitest";
import { orderEditSchema, orderFormSchema } from "./order-forms";
import {
  buildTimeline,
  statusChangePatch,
  TRACKING_BAD_FORMAT,
  TRACKING_EMPTY,
  validateTrackingInput,
} from "./orders";

const t = (iso: string) => new Date(iso);

describe("status timestamp rule", () => {
  it("sets the new status's timestamp when it is not set yet, and always moves updated_at", () => {
    const now = t("2026-05-01T10:00:00Z");
    expect(statusChangePatch({ enLocalAt: t("2026-04-30T10:00:00Z") }, "enviando", now)).toEqual({
      status: "enviando",
      updatedAt: now,
      enviandoAt: now,
    });
  });

  it("keeps the first time when an order goes back to a status it had", () => {
    const now = t("2026-05-02T10:00:00Z");
    const patch = statusChangePatch(
      { enLocalAt: t("2026-04-30T10:00:00Z"), enviandoAt: t("2026-05-01T10:00:00Z") },
      "en_local",
      now,
    );
    expect(patch).toEqual({ status: "en_local", updatedAt: now });
  });

  it("allows any status to follow any other", () => {
    const now = t("2026-05-02T10:00:00Z");
    expect(statusChangePatch({ enLocalAt: now }, "entregado", now)).toMatchObject({
      status: "entregado",
      entregadoAt: now,
    });
    expect(statusChangePatch({}, "cancelado", now)).toMatchObject({ status: "cancelado", canceladoAt: now });
  });
});

describe("timeline", () => {
  it("lists statuses with times, oldest first, highlighting up to the current one", () => {
    const tl = buildTimeline({
      status: "enviando",
      enLocalAt: "2026-05-01T10:00:00Z",
      enviandoAt: "2026-05-02T10:00:00Z",
      // Reached earlier, then staff went back to 'enviando'.
      enRepartoAt: "2026-05-03T10:00:00Z",
      entregadoAt: null,
      canceladoAt: null,
    });
    expect(tl.map((e) => [e.status, e.reached, e.current])).toEqual([
      ["en_local", true, false],
      ["enviando", true, true],
      ["en_reparto", false, false],
    ]);
  });

  it("sorts by time, not by the status order", () => {
    const tl = buildTimeline({
      status: "en_local",
      enLocalAt: "2026-05-03T00:00:00Z",
      canceladoAt: "2026-05-01T00:00:00Z",
    });
    expect(tl.map((e) => e.status)).toEqual(["cancelado", "en_local"]);
  });
});

describe("tracking look-up validation", () => {
  it("upper-cases and trims", () => {
    expect(validateTrackingInput("  trk-2026-abc123 ")).toEqual({ ok: true, value: "TRK-2026-ABC123" });
  });

  it("refuses an empty value with the spec's message", () => {
    expect(validateTrackingInput("   ")).toEqual({ ok: false, message: TRACKING_EMPTY });
    expect(validateTrackingInput(undefined)).toEqual({ ok: false, message: TRACKING_EMPTY });
  });

  it("needs TRK, four digits, then six or more word characters", () => {
    for (const bad of [
      "TRK-26-ABC123",
      "TRK-2026-ABC12",
      "ABC-2026-ABC123",
      "TRK-2026-ABC-123",
      "TRK2026ABC123",
    ]) {
      expect(validateTrackingInput(bad)).toEqual({ ok: false, message: TRACKING_BAD_FORMAT });
    }
    expect(validateTrackingInput("TRK-2026-ABC1234567").ok).toBe(true);
    expect(validateTrackingInput("TRK-2026-ABC_12").ok).toBe(true);
  });
});

describe("order forms", () => {
  it("require the customer name and the description", () => {
    const r = orderFormSchema.safeParse({ customerName: " ", orderDescription: "" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      "El nombre del cliente es obligatorio.",
      "La descripción es obligatoria.",
    ]);
  });

  it("store empty optional fields as null and 'No asignado' as no courier", () => {
    const r = orderEditSchema.parse({
      id: "00000000-0000-4000-8000-000000000001",
      customerName: "Ana",
      orderDescription: "Caja",
      customerPhone: "",
      status: "enviando",
      deliveryPersonId: "none",
      notes: "  ",
    });
    expect(r).toMatchObject({ customerPhone: null, deliveryPersonId: null, notes: null, status: "enviando" });
  });
});
