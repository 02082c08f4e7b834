import { render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { describe, expect, it } from "vitest";
import { GeneralErrorBoundary } from "./error-boundary";

const Page = () => null;
const PublicBoundary = () => <GeneralErrorBoundary />;
const StaffBoundary = () => <GeneralErrorBoundary home={{ to: "/admin", label: "Volver al panel" }} />;

/** A page whose loader throws `failure`, under the boundary as a layout renders it. */
function renderFailure(failure: unknown, Boundary = PublicBoundary) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: Page,
      loader: () => {
        throw failure;
      },
      ErrorBoundary: Boundary,
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("the error screen of every layout", () => {
  it("shows a failure the server logged in Spanish, with the reference of its log line", async () => {
    renderFailure(
      data(
        { message: "Products fetch error: la base de datos no respondió.", reference: "ab12cd34" },
        { status: 503 },
      ),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Error al Cargar Datos" })).toBeTruthy();
    expect(screen.getByText("Products fetch error: la base de datos no respondió.")).toBeTruthy();
    expect(screen.getByText("Referencia: ab12cd34")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Volver al inicio" }).getAttribute("href")).toBe("/");
  });

  it("names a status a page answers on purpose in words of its own", async () => {
    renderFailure(data(null, { status: 404 }));
    expect(await screen.findByRole("heading", { level: 1, name: "Página no encontrada" })).toBeTruthy();
    expect(screen.queryByText(/^Referencia:/)).toBeNull();
  });

  it("explains an exception no code answered for, which carries no reference", async () => {
    renderFailure(new Error("Unexpected Server Error"));
    expect(await screen.findByRole("heading", { level: 1, name: "Error al Cargar Datos" })).toBeTruthy();
    expect(screen.getByText(/El servidor no pudo atender la solicitud/)).toBeTruthy();
    expect(screen.queryByText(/^Referencia:/)).toBeNull();
  });

  it("leads back to where the layout says: the staff panel for staff pages", async () => {
    renderFailure(new Error("boom"), StaffBoundary);
    const back = await screen.findByRole("link", { name: "Volver al panel" });
    expect(back.getAttribute("href")).toBe("/admin");
  });
});
