import { describe, expect, it } from "vitest";
import { DEFAULT_PRICE_LIST, mergePriceList } from "~/lib/price-list";
import { boxRequestText, calculate, fromSearchParams } from "./calc";

describe("box calculator", () => {
  it("finds the smallest box for the three measurements", () => {
    expect(calculate({ largo: "30", ancho: "20", alto: "21,5" }, DEFAULT_PRICE_LIST)).toMatchObject({
      kind: "fits",
      box: { inches: [36, 22, 22], priceCents: 32000 },
      measured: [30, 20, 21.5],
    });
  });

  it("asks for the box on WhatsApp with its size, price and the measured package", () => {
    const r = calculate({ largo: "30", ancho: "20", alto: "21,5" }, DEFAULT_PRICE_LIST);
    if (r?.kind !== "fits") throw new Error("no fit");
    expect(boxRequestText(r.box, r.measured)).toBe(
      "Hola, quisiera solicitar la caja de 36×22×22 pulgadas ($320) para mi paquete de 30 × 20 × 21.5 pulgadas (largo × ancho × alto).",
    );
  });

  it("answers with the owner's prices and box names", () => {
    const prices = mergePriceList({
      boxes: [{ id: "x", name: "Caja chica", inches: [20, 20, 20], priceCents: 25500 }],
    });
    const r = calculate({ largo: "10", ancho: "10", alto: "10" }, prices);
    if (r?.kind !== "fits") throw new Error("no fit");
    expect(boxRequestText(r.box, r.measured)).toBe(
      "Hola, quisiera solicitar la caja de Caja chica (20×20×20 pulgadas) ($255) para mi paquete de 10 × 10 × 10 pulgadas (largo × ancho × alto).",
    );
  });

  it("says when no box is big enough, and when a measurement is missing or wrong", () => {
    expect(calculate({ largo: "50", ancho: "1", alto: "1" }, DEFAULT_PRICE_LIST)).toEqual({ kind: "none" });
    expect(calculate({ largo: "10", ancho: "", alto: "1" }, DEFAULT_PRICE_LIST)).toEqual({ kind: "invalid" });
    expect(calculate({ largo: "10", ancho: "-2", alto: "1" }, DEFAULT_PRICE_LIST)).toEqual({
      kind: "invalid",
    });
  });

  it("reads a form submitted without JavaScript from the query string", () => {
    expect(
      fromSearchParams(new URLSearchParams("largo=10&ancho=10&alto=10"), DEFAULT_PRICE_LIST).result,
    ).toMatchObject({ kind: "fits", box: { priceCents: 24500 } });
    expect(fromSearchParams(new URLSearchParams(""), DEFAULT_PRICE_LIST).result).toBeNull();
  });
});
