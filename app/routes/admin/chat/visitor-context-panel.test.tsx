import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Conversation, VisitorContextData } from "./types";
import { VisitorContextPanel } from "./visitor-context-panel";

const conv = { clientId: "session_1700000000000_abcdef", visitorNumber: 1042 } as unknown as Conversation;

const Panel = () => <VisitorContextPanel conv={conv} timeZone="America/New_York" />;

function show(visitor: VisitorContextData | null) {
  const Stub = createRoutesStub([
    { id: "route", path: "/admin/chat", Component: Panel, loader: () => ({ visitor }) },
  ]);
  render(<Stub initialEntries={["/admin/chat"]} hydrationData={{ loaderData: { route: { visitor } } }} />);
}

/** What staff read next to a term of the description list. */
const value = (term: string) => screen.getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

describe("'Visitante' in the conversation's side panel (issue 41)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-28T16:42:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("shows where the visitor is now, this visit's pages and their browser in words", () => {
    show({
      device: "Android · Chrome",
      language: "Español",
      timeZone: "America/Managua",
      firstSeen: "2026-11-01T14:00:00.000Z",
      visits: 3,
      countryGuess: { name: "Nicaragua", basis: "timeZone" },
      current: { path: "/servicios", title: "Servicios · Mini Market", at: "2026-11-28T16:41:00.000Z" },
      pages: [
        { path: "/servicios", title: "Servicios · Mini Market", at: "2026-11-28T16:41:00.000Z" },
        { path: "/tienda", title: "Tienda · Mini Market", at: "2026-11-28T16:40:00.000Z" },
      ],
    });
    const section = screen.getByRole("region", { name: "Visitante" });
    expect(within(section).getByText("Ahora en")).toBeTruthy();
    const pages = screen.getByRole("list", { name: "Páginas de esta visita" });
    expect(
      within(pages)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Servicios · Mini Market/servicios11:41", "Tienda · Mini Market/tienda11:40"]);
    // No link: staff read where the visitor is, they do not follow them.
    expect(within(section).queryByRole("link")).toBeNull();
    expect(value("Primera visita")).toBe("01 nov 2026, 09:00");
    expect(value("Visitas")).toBe("3");
    expect(value("Dispositivo")).toBe("Android · Chrome");
    expect(value("Idioma")).toBe("Español");
    expect(value("Hora local")).toBe("10:42 a. m. (Managua)");
    expect(value("País probable")).toBe("Nicaragua (probable)por la zona horaria del navegador");
  });

  it("says 'Última página' and when after a long pause", () => {
    show({
      device: null,
      language: null,
      timeZone: null,
      firstSeen: null,
      visits: null,
      countryGuess: null,
      current: { path: "/tienda", title: null, at: "2026-11-28T13:42:00.000Z" },
      pages: [{ path: "/tienda", title: null, at: "2026-11-28T13:42:00.000Z" }],
    });
    expect(screen.getByText("Última página, hace 3 horas")).toBeTruthy();
    expect(screen.queryByText("Hora local")).toBeNull();
  });

  it("says so when nothing is known yet about an anonymous visitor", () => {
    show(null);
    expect(
      screen.getByText(/Sin datos de la visita todavía: aparecen cuando Visitante 1042 abre/),
    ).toBeTruthy();
  });
});
