import { render, screen } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { rootData } from "~/test/render-route";
import { BackupsScreen } from "./backups-screen";
import type { BackupsData } from "./types";

const data: BackupsData = {
  backups: [],
  schedule: { hour: 3, keep: 7, offsite: false },
  restore: { available: true, inProgress: false, maxMB: 512, last: null },
  confirm: null,
};
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

/** The screen with whatever loader data the stub was given. */
const Page = () => <BackupsScreen {...useLoaderData<BackupsData>()} />;

/** The page with this loader data (and an action's answer, as after a post without JavaScript). */
function renderWith(over: Partial<BackupsData>, actionData?: unknown) {
  const root = rootData();
  const loaded = { ...data, ...over };
  const Stub = createRoutesStub([
    { id: "root", loader: () => root, children: [{ id: "route", path: "/admin/backups", Component: Page }] },
  ]);
  render(
    <Stub
      initialEntries={["/admin/backups"]}
      hydrationData={{ loaderData: { root, route: loaded }, actionData: { route: actionData } }}
    />,
  );
}

const row: BackupsData["backups"][number] = {
  id: "00000000-0000-4000-8000-000000000001",
  fileName: "minimarket-2026-11-20-130000Z.tar.gz",
  kind: "manual",
  status: "done",
  phase: null,
  progress: 100,
  startedAt: "2026-11-20T13:00:00.000Z",
  sizeBytes: 2048,
  orders: 55,
  conversations: 300,
  products: 120,
  files: 42,
  offsite: false,
  error: null,
  actorName: "Dueña",
  beforeRestore: false,
  restorable: true,
};

describe("'Restaurar' on 'Copias de seguridad' (issue 42)", () => {
  it("offers 'Restaurar' on a copy as a link to its confirmation step, and labels the copy made before a restore", () => {
    renderWith({ backups: [row, { ...row, id: "x", beforeRestore: true, restorable: false }] });
    const links = screen.getAllByRole("link", { name: "Restaurar la copia del 20 nov 2026, 08:00" });
    expect(links[0]?.getAttribute("href")).toBe(`/admin/backups?restaurar=${row.id}`);
    expect(screen.getAllByText("Antes de restaurar").length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Subir y comprobar" })).toBeTruthy();
    expect(screen.getByLabelText("Archivo de la copia")).toHaveProperty("name", "archivo");
  });

  it("asks before restoring, with the copy's date and contents in words, as a form that works without JavaScript", () => {
    renderWith({
      backups: [row],
      confirm: {
        id: row.id,
        ok: true,
        createdAt: row.startedAt,
        counts: { orders: 55, products: 120, conversations: 300, files: 42 },
        uploaded: false,
      },
    });
    const card = screen.getByRole("region", { name: "¿Restaurar la copia del 20 nov 2026, 08:00?" });
    expect(card.textContent).toContain("Contiene 55 pedidos, 120 productos, 300 conversaciones y 42 fotos.");
    const yes = screen.getByRole("button", { name: "Sí, restaurar" });
    const form = yes.closest("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(new FormData(form as HTMLFormElement).get("copia")).toBe(row.id);
    expect(screen.getByRole("link", { name: "Cancelar" }).getAttribute("href")).toBe("/admin/backups");
  });

  it("after 'Sí, restaurar' says the site restarts and reloads itself; afterwards says how it went", () => {
    renderWith(
      {},
      {
        intent: "backup-restore",
        ok: true,
        result: { status: "success" },
        message: null,
        extra: { restarting: { createdAt: row.startedAt } },
      },
    );
    expect(screen.getByRole("status").textContent).toContain("Restaurando la copia del 20 nov 2026, 08:00");
    expect(document.querySelector('meta[http-equiv="refresh"]')?.getAttribute("content")).toBe(
      "8;url=/admin/backups",
    );
  });

  it("shows the last restore's outcome in words", () => {
    renderWith({
      restore: {
        ...data.restore,
        last: { ok: false, createdAt: row.startedAt, error: "La base de datos de la copia está dañada." },
      },
    });
    expect(screen.getByRole("alert").textContent).toBe(
      "No se pudo restaurar la copia del 20 nov 2026, 08:00: La base de datos de la copia está dañada. Tus datos siguen como estaban.",
    );
  });

  it("with Postgres shows the command instead of 'Restaurar'", () => {
    renderWith({ backups: [{ ...row, restorable: false }], restore: { ...data.restore, available: false } });
    expect(screen.queryByRole("link", { name: /^Restaurar/ })).toBeNull();
    expect(screen.getByText("npm run restore -- /ruta/al/archivo.tar.gz --force")).toBeTruthy();
    expect(screen.getByText(/Detén antes el sitio/)).toBeTruthy();
  });
});

describe("the last restore's outcome in words", () => {
  it("reads 'Copia del … restaurada.' after a restore that worked", () => {
    renderWith({ restore: { ...data.restore, last: { ok: true, createdAt: row.startedAt, error: null } } });
    expect(screen.getByRole("status").textContent).toBe("Copia del 20 nov 2026, 08:00 restaurada.");
  });
});
