import { describe, expect, it } from "vitest";
import { orderFormSchema } from "./order-forms";
import { boxLine, contentsLine, declaredTotalCents, formatContents, parseContents } from "./parcel";

describe("declared contents, one item per line", () => {
  it("reads the ways the counter types a line", () => {
    expect(
      parseContents("Ropa usada, 40\n\n  Zapatos - $35.50 \nPerfume $12\nJuguetes: 20 USD\nCafé 7,25"),
    ).toEqual({
      ok: true,
      lines: [
        { description: "Ropa usada", valueCents: 4000 },
        { description: "Zapatos", valueCents: 3550 },
        { description: "Perfume", valueCents: 1200 },
        { description: "Juguetes", valueCents: 2000 },
        { description: "Café", valueCents: 725 },
      ],
    });
    expect(parseContents("  \n ")).toEqual({ ok: true, lines: null });
  });

  it("names the line that lacks a value or a description, or is too much", () => {
    expect(parseContents("Ropa, 40\nZapatos")).toEqual({
      ok: false,
      error: "Línea 2: escribe el artículo y su valor en dólares (ej: Ropa usada, 40).",
    });
    expect(parseContents("$40")).toMatchObject({ ok: false, error: expect.stringContaining("Línea 1") });
    expect(parseContents("Oro, 60000")).toEqual({
      ok: false,
      error: "Línea 1: el valor no puede pasar de $50,000.00.",
    });
    expect(parseContents(Array.from({ length: 31 }, () => "Ropa, 1").join("\n"))).toEqual({
      ok: false,
      error: "Máximo 30 líneas (una por artículo).",
    });
  });

  it("shows the lines again as typed, and in one line with their total", () => {
    const lines = [
      { description: "Ropa usada", valueCents: 4000 },
      { description: "Zapatos", valueCents: 3550 },
    ];
    expect(formatContents(lines)).toBe("Ropa usada, 40\nZapatos, 35.50");
    expect(parseContents(formatContents(lines))).toEqual({ ok: true, lines });
    expect(contentsLine(lines)).toBe("Ropa usada ($40.00) · Zapatos ($35.50)");
    expect(declaredTotalCents(lines)).toBe(7550);
    expect(formatContents(null)).toBe("");
  });

  it("names the box, or 'Otro' with its weight", () => {
    expect(boxLine("Caja pequeña", null)).toBe("Caja pequeña");
    expect(boxLine("otro", 12.5)).toBe("Otro · 12,5 lb");
    expect(boxLine(null, null)).toBeNull();
  });
});

describe("the order form's parcel fields", () => {
  const base = { customerName: "Rosa", orderDescription: "Caja" };

  it("keeps the sender's phone in E.164, the e-mail in lower case, and a weight only for 'Otro'", () => {
    const v = orderFormSchema.parse({
      ...base,
      senderName: " Carmen Díaz ",
      senderPhone: "305 555 0142",
      senderEmail: "Carmen@Example.com",
      box: "otro",
      weightLb: "12,5",
      contents: "Ropa usada, 40",
    });
    expect(v).toMatchObject({
      senderName: "Carmen Díaz",
      senderPhone: "+13055550142",
      senderEmail: "carmen@example.com",
      box: "otro",
      weightLb: 12.5,
      contents: [{ description: "Ropa usada", valueCents: 4000 }],
    });
    expect(orderFormSchema.parse({ ...base, box: "Caja pequeña", weightLb: "9" })).toMatchObject({
      box: "Caja pequeña",
      weightLb: null,
    });
  });

  it("says what is wrong by each field", () => {
    const r = orderFormSchema.safeParse({
      ...base,
      senderPhone: "12",
      senderEmail: "carmen@",
      box: "otro",
      contents: "Ropa",
    });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(byField).toMatchObject({
      senderPhone: expect.stringContaining("Número de teléfono inválido"),
      senderEmail: expect.stringContaining("email válido"),
      contents: expect.stringContaining("Línea 1"),
    });
    const noWeight = orderFormSchema.safeParse({ ...base, box: "otro" });
    expect(noWeight.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["weightLb", "Escribe el peso de la caja en libras."],
    ]);
    expect(
      orderFormSchema.safeParse({ ...base, box: "otro", weightLb: "900" }).error?.issues[0]?.message,
    ).toBe("Entre 0,1 y 500 libras.");
  });
});
