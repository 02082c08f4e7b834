import { describe, expect, it } from "vitest";
import { appearanceRefusal, appearanceSchema, CONTRAST_OVERRIDE } from "./appearance-forms";
import { DEFAULT_COLORS } from "./site";

const form = (colors: Partial<typeof DEFAULT_COLORS>, over: Record<string, unknown> = {}) => ({
  logoUrl: "",
  logoTop: "0px",
  logoLeft: "0px",
  logoSize: "50",
  fontFamily: "Poppins",
  colors: { ...DEFAULT_COLORS, ...colors },
  ...over,
});
const errors = (input: unknown) => {
  const r = appearanceSchema.safeParse(input);
  const out: Record<string, string[]> = {};
  for (const i of r.error?.issues ?? [])
    out[i.path.join(".")] = [...(out[i.path.join(".")] ?? []), i.message];
  return out;
};

describe("appearanceSchema's contrast refusal", () => {
  it("marks the colour field to change, names the two colours, and puts the way on by the box", () => {
    const e = errors(form({ primary: "145 55% 45%" }));
    expect(Object.keys(e).sort()).toEqual(["colors.primary", "confirmContrast"]);
    expect(e["colors.primary"]?.[0]).toContain(
      "El texto blanco de los botones sobre este verde se lee mal: contraste 2,",
    );
    expect(e.confirmContrast).toEqual([
      "Si quieres guardarlo así, marca «Guardar aunque se lea mal» y vuelve a guardar.",
    ]);
    expect(appearanceRefusal(e)).toBe(
      `No se pudo guardar la apariencia: los colores marcados se leen mal. ${CONTRAST_OVERRIDE}`,
    );
  });

  it("accepts the same colours once 'Guardar aunque se lea mal' is ticked", () => {
    expect(
      appearanceSchema.safeParse(form({ primary: "145 55% 45%" }, { confirmContrast: "on" })).success,
    ).toBe(true);
  });

  it("with other fields wrong too, the message asks for both", () => {
    const e = errors(form({ text: "0 0% 70%" }, { logoSize: "500" }));
    expect(Object.keys(e).sort()).toEqual(["colors.text", "confirmContrast", "logoSize"]);
    expect(appearanceRefusal(e)).toBe(
      `No se pudo guardar la apariencia: revisa los campos marcados; los colores marcados se leen mal. ${CONTRAST_OVERRIDE}`,
    );
    expect(appearanceRefusal({ logoSize: ["El tamaño máximo es 100 px."] })).toBe(
      "No se pudo guardar la apariencia: revisa los campos marcados.",
    );
  });
});
