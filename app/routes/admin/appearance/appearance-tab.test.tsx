import { parseWithZod } from "@conform-to/zod/v4";
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { APPEARANCE_INTENT, appearanceRefusal, appearanceSchema } from "~/lib/appearance-forms";
import { DEFAULT_COLORS, SITE_SETTINGS_DEFAULTS } from "~/lib/site";
import { rootData } from "~/test/render-route";
import { AppearanceTab } from "./appearance-tab";

/** The action's answer to a save of these colours, as app/.server/http/intents.ts sends it. */
function refusal(colors: Partial<typeof DEFAULT_COLORS>) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    intent: APPEARANCE_INTENT.save,
    logoUrl: "",
    logoTop: "0px",
    logoLeft: "0px",
    logoSize: "50",
    fontFamily: "Poppins",
    ...Object.fromEntries(
      Object.entries({ ...DEFAULT_COLORS, ...colors }).map(([c, v]) => [`colors.${c}`, v]),
    ),
  }))
    form.set(k, v);
  const result = parseWithZod(form, { schema: appearanceSchema }).reply();
  return {
    intent: APPEARANCE_INTENT.save,
    ok: false,
    result,
    message: { title: "Error", description: appearanceRefusal(result.error ?? {}), variant: "destructive" },
  };
}

const Tab = () => <AppearanceTab settings={SITE_SETTINGS_DEFAULTS} />;

/** The page as a form posted without JavaScript renders it: with the action's answer. */
function renderAnswered(actionData: unknown) {
  const root = rootData();
  const Stub = createRoutesStub([
    {
      id: "root",
      loader: () => root,
      children: [{ id: "route", path: "/admin", Component: Tab }],
    },
  ]);
  render(
    <Stub
      initialEntries={["/admin"]}
      hydrationData={{ loaderData: { root, route: null }, actionData: { route: actionData } }}
    />,
  );
  return screen.getByRole("form", { name: "Apariencia del Sitio" });
}

describe("the 'Apariencia' tab after a refused save (issue 42)", () => {
  it("marks the colour to change, says why by it, keeps what was typed and puts the box by the way on", () => {
    const form = renderAnswered(refusal({ primary: "145 55% 45%" }));
    const primary = within(form).getByLabelText("Color principal");
    expect((primary as HTMLInputElement).value).toBe("145 55% 45%");
    expect(primary.getAttribute("aria-invalid")).toBe("true");
    const described = (primary.getAttribute("aria-describedby") ?? "").split(" ");
    const message = described.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
    expect(message).toContain("El texto blanco de los botones sobre este verde se lee mal: contraste 2,");
    // The other colours are not marked.
    expect(within(form).getByLabelText("Color de fondo").getAttribute("aria-invalid")).toBeNull();

    const box = within(form).getByRole("checkbox", { name: "Guardar aunque se lea mal" });
    expect(box.getAttribute("aria-invalid")).toBe("true");
    const hint = document.getElementById(box.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toBe(
      "Si quieres guardarlo así, marca «Guardar aunque se lea mal» y vuelve a guardar.",
    );
    // The box and its message are one block, under the colours.
    expect(hint?.parentElement?.contains(box)).toBe(true);
    // Without JavaScript there is no toast: the message is said by the button.
    expect(within(form).getByRole("alert").textContent).toBe(
      "No se pudo guardar la apariencia: los colores marcados se leen mal. Si quieres guardarlo así, marca «Guardar aunque se lea mal» y vuelve a guardar.",
    );
  });

  it("shows no contrast box when the colours read well", () => {
    const form = renderAnswered(undefined);
    expect(within(form).queryByRole("checkbox", { name: "Guardar aunque se lea mal" })).toBeNull();
    expect(within(form).getByLabelText("Color principal").getAttribute("aria-invalid")).toBeNull();
  });
});
