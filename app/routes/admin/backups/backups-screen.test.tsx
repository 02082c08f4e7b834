import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { rootData } from "~/test/render-route";
import { BackupsScreen } from "./backups-screen";
import type { BackupsData } from "./types";

const data: BackupsData = { backups: [], schedule: { hour: 3, keep: 7, offsite: false } };
const Screen = () => <BackupsScreen {...data} />;

/** The page as a post without JavaScript renders it: with the action's answer. */
function renderAnswered(actionData: unknown) {
  const root = rootData();
  const Stub = createRoutesStub([
    {
      id: "root",
      loader: () => root,
      children: [{ id: "route", path: "/admin/backups", Component: Screen }],
    },
  ]);
  render(
    <Stub
      initialEntries={["/admin/backups"]}
      hydrationData={{ loaderData: { root, route: data }, actionData: { route: actionData } }}
    />,
  );
}

describe("'Copias de seguridad' after a second 'Crear copia ahora' (issue 42)", () => {
  it("says on the page, without JavaScript, that a copy is already running", () => {
    renderAnswered({
      intent: "backup-create",
      ok: false,
      result: { status: "error" },
      message: { title: "Error", description: "Ya hay una copia en curso: espera a que termine." },
    });
    expect(screen.getByRole("alert").textContent).toBe("Ya hay una copia en curso: espera a que termine.");
  });

  it("says nothing before any press", () => {
    renderAnswered(undefined);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button", { name: /Crear copia ahora/ })).toHaveProperty("disabled", false);
  });
});
