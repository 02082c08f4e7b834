import { describe, expect, it } from "vitest";
import { boxRequestText, calculate, fromSearchParams } from "./calc";

describe("box calculator", () => {
  it("finds the smallest box for the three measurements", () => {
    expect(calculate({ largo: "30", ancho: "20", alto: "21,5" })).toEqual({
      kind: "fits",
      box: { dims: [36, 22, 22], price: 320 },
      measured: [30, 20, 21.5],
    });
  });

  it("asks for the box on WhatsApp with its size, price and the measured package", () => {
    const r = calculate({ largo: "30", ancho: "20", alto: "21,5" });
    if (r?.kind !== "fits") throw new Error("no fit");
    expect(boxRequestText(r.box, r.measured)).toBe(
      "Hola, quisiera solicitar la caja de 36×22×22 pulgadas ($320) para mi paquete de 30 × 20 × 21.5 pulgadas (largo × ancho × alto).",
    );
  });

  it("says when no box is big enough, and when a measurement is missing or wrong", () => {
    expect(calculate({ largo: "50", ancho: "1", alto: "1" })).toEqual({ kind: "none" });
    expect(calculate({ largo: "10", ancho: "", alto: "1" })).toEqual({ kind: "invalid" });
    expect(calculate({ largo: "10", ancho: "-2", alto: "1" })).toEqual({ kind: "invalid" });
  });

  it("reads a form submitted without JavaScript from the query string", () => {
    expect(fromSearchParams(new URLSearchParams("largo=10&ancho=10&alto=10")).result).toMatchObject({
      kind: "fits",
      box: { price: 245 },
    });
    expect(fromSearchParams(new URLSearchParams("")).result).toBeNull();
  });
});
