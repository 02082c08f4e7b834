import { describe, expect, it } from "vitest";
import { defined } from "../test/defined";
import { orderEditSchema, orderFormSchema } from "./order-forms";
import {
  buildTimeline,
  deliveryEstimate,
  eventLine,
  isTrackingCode,
  latestEvent,
  maskCustomerName,
  ORDER_STATUSES,
  type OrderEventView,
  phoneLast4,
  STATUS_INFO,
  statusChangePatch,
  statusDescription,
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

  it("reads numbers typed with spaces, dashes or none, in any case, and writes them back the one way", () => {
    for (const typed of [
      "trk 2026 abc123",
      "TRK 2026 ABC123",
      "TRK2026ABC123",
      "trk-2026 abc-123",
      " TRK – 2026 — ABC 123 ",
      "trk_2026_abc123".replace(/_/g, "\t"),
    ]) {
      expect(validateTrackingInput(typed), typed).toEqual({ ok: true, value: "TRK-2026-ABC123" });
    }
  });

  it("reads the six characters of the code alone, in any case, with spaces or dashes", () => {
    for (const typed of ["abc123", " ABC 123 ", "abc-123"]) {
      expect(validateTrackingInput(typed), typed).toEqual({ ok: true, value: "ABC123" });
    }
    expect(isTrackingCode("ABC123")).toBe(true);
    expect(isTrackingCode("TRK-2026-ABC123")).toBe(false);
    for (const bad of ["ABC12", "ABC1234", "ABC!23"]) {
      expect(validateTrackingInput(bad), bad).toEqual({ ok: false, message: TRACKING_BAD_FORMAT });
    }
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
      "TRK-2026-ABC!23",
      "TRK.2026.ABC123",
    ]) {
      expect(validateTrackingInput(bad)).toEqual({ ok: false, message: TRACKING_BAD_FORMAT });
    }
    expect(validateTrackingInput(`TRK-2026-${"A".repeat(40)}`).ok).toBe(false);
    expect(validateTrackingInput("TRK-2026-ABC1234567").ok).toBe(true);
    expect(validateTrackingInput("TRK-2026-ABC_12").ok).toBe(true);
  });
});

describe("what a look-up by number alone shows of the customer", () => {
  it("is the first name and the initial of the last word", () => {
    expect(maskCustomerName("María López")).toBe("María L.");
    expect(maskCustomerName("  ana   maría pérez  ")).toBe("ana P.");
    expect(maskCustomerName("Ángel Úbeda")).toBe("Ángel Ú.");
    expect(maskCustomerName("Rosa")).toBe("Rosa");
  });

  it("asks for the last 4 digits of the phone", () => {
    expect(phoneLast4("+50587654321")).toBe("4321");
    expect(phoneLast4("305-5550")).toBe("5550");
    expect(phoneLast4("12")).toBeNull();
    expect(phoneLast4(null)).toBeNull();
  });
});

describe("timeline with staff's notes and places", () => {
  const ev = (
    id: string,
    at: string,
    status: OrderEventView["status"],
    note: string | null,
    place: string | null = null,
  ) => ({ id, at, status, note, place }) satisfies OrderEventView;

  it("puts a status change's note on that status's line and other events on their own, by time", () => {
    const tl = buildTimeline({
      status: "en_reparto",
      enLocalAt: "2026-05-01T10:00:00Z",
      enviandoAt: "2026-05-02T10:00:00Z",
      enRepartoAt: "2026-05-04T10:00:00Z",
      events: [
        ev("a", "2026-05-02T10:00:00.000Z", "enviando", "Salió de Miami", "Miami"),
        ev("b", "2026-05-03T08:00:00.000Z", null, "En aduana", "Peñas Blancas"),
        ev("c", "2026-05-04T10:00:00.000Z", "en_reparto", null, "Managua"),
      ],
    });
    expect(tl.map((e) => [e.kind, e.status, e.note, e.place, e.current])).toEqual([
      ["status", "en_local", null, null, false],
      ["status", "enviando", "Salió de Miami", "Miami", false],
      ["event", null, "En aduana", "Peñas Blancas", false],
      ["status", "en_reparto", null, "Managua", true],
    ]);
    expect(eventLine(defined(tl[2], "third line"))).toBe("En aduana · Peñas Blancas");
    expect(
      latestEvent({
        events: [ev("x", "2026-05-01T00:00:00Z", null, "1"), ev("y", "2026-05-09T00:00:00Z", null, "2")],
      })?.id,
    ).toBe("y");
  });

  it("shows a note written when going back to an earlier status as its own line; the first time stays", () => {
    const tl = buildTimeline({
      status: "enviando",
      enLocalAt: "2026-05-01T10:00:00Z",
      enviandoAt: "2026-05-02T10:00:00Z",
      enRepartoAt: "2026-05-03T10:00:00Z",
      events: [ev("r", "2026-05-05T10:00:00.000Z", "enviando", "Reprogramado")],
    });
    expect(tl.map((e) => [e.kind, e.status, e.reached, e.current])).toEqual([
      ["status", "en_local", true, false],
      ["status", "enviando", true, true],
      ["status", "en_reparto", false, false],
      ["event", "enviando", true, false],
    ]);
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
      customerNote: "  ",
      internalNote: "",
    });
    expect(r).toMatchObject({
      customerPhone: null,
      deliveryPersonId: null,
      customerNote: null,
      internalNote: null,
      status: "enviando",
    });
  });
});

describe("one delivery estimate and words true for each status", () => {
  const days = { from: "2026-12-05", to: "2026-12-09" };
  const parcel = (
    status: (typeof ORDER_STATUSES)[number],
    estimatedDeliveryTime: string | null = "2 días",
  ) => ({
    status,
    expected: days,
    estimatedDeliveryTime,
    destinationName: "Nicaragua",
  });

  it("shows the expected days until the courier's time takes over while out for delivery, and nothing once ended", () => {
    expect(deliveryEstimate(parcel("en_local"))).toEqual({ kind: "days", expected: days });
    expect(deliveryEstimate(parcel("enviando"))).toEqual({ kind: "days", expected: days });
    expect(deliveryEstimate(parcel("en_reparto"))).toEqual({ kind: "time", text: "2 días" });
    expect(deliveryEstimate(parcel("en_reparto", null))).toEqual({ kind: "days", expected: days });
    expect(deliveryEstimate(parcel("entregado"))).toBeNull();
    expect(deliveryEstimate(parcel("cancelado"))).toBeNull();
  });

  it("shows the spec's 'Tiempo Estimado' for an order without expected days (a delivery in Miami)", () => {
    for (const status of ["en_local", "enviando", "en_reparto"] as const) {
      expect(deliveryEstimate({ status, expected: null, estimatedDeliveryTime: "30 minutos" })).toEqual({
        kind: "time",
        text: "30 minutos",
      });
    }
    expect(deliveryEstimate({ status: "enviando", expected: null, estimatedDeliveryTime: "  " })).toBeNull();
  });

  it("says where a parcel abroad is for each status; a delivery in Miami keeps the spec's words", () => {
    expect(ORDER_STATUSES.map((status) => statusDescription(parcel(status)))).toEqual([
      "Recibimos tu pedido y lo estamos preparando en nuestro local.",
      "Tu paquete salió de nuestro local y va rumbo a Nicaragua.",
      "Tu paquete está en Nicaragua y va camino a la dirección de entrega.",
      "Tu pedido fue entregado. ¡Gracias por tu compra!",
      "Este pedido fue cancelado.",
    ]);
    expect(ORDER_STATUSES.map((status) => statusDescription({ status, destinationName: null }))).toEqual(
      ORDER_STATUSES.map((status) => STATUS_INFO[status].description),
    );
  });
});
