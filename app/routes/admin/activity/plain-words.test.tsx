import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "~/lib/audit";
import { type AuditEntryView, describeAuditEntry } from "~/lib/audit-entries";
import { describeChanges } from "~/lib/change-labels";
import type { ChatReport } from "~/lib/chat-reports";
import { roleLabel } from "~/lib/permissions";
import { findJargon } from "~/lib/plain-words";
import { AGENT_ID, AUDIT_SAMPLE_ROWS, SAMPLE_LOOKUPS, SESSION } from "~/test/audit-samples";
import { renderRoute } from "~/test/render-route";
import { InboxSearch } from "../chat/inbox-search";
import { ReportsScreen } from "../chat-reports/reports-screen";
import { StaffTable } from "../users/staff-table";
import type { UsersData } from "../users/types";
import { ActivityLog } from "./activity-log";

/**
 * Issue 42, 'Her words everywhere she reads': every kind of 'Actividad' entry, described by the
 * same function as the page's loader (app/lib/audit-entries.ts), and the other staff screens this
 * issue changed, read without an internal id, a visitor's session, a country code alone, a file
 * name, 'npm', 'CSV' or English outside the spec's own strings — one list for all of it
 * (app/lib/plain-words.ts).
 */

const NOW = new Date("2026-11-30T17:00:00Z");
const describe_ = (r: (typeof AUDIT_SAMPLE_ROWS)[number]) =>
  describeAuditEntry(r, SAMPLE_LOOKUPS, { timeZone: "America/New_York", now: NOW });

const visible = (el: HTMLElement) => {
  // What a person reads or hears: the text, and the names given to controls and pictures.
  const names = [...el.querySelectorAll("[aria-label], img[alt], [placeholder], [title]")].map((n) =>
    ["aria-label", "alt", "placeholder", "title"].map((a) => n.getAttribute(a) ?? "").join(" "),
  );
  return `${el.textContent ?? ""} ${names.join(" ")}`.replace(/\s+/g, " ");
};

function renderActivity(rows: AuditEntryView[]) {
  return renderRoute(
    () => (
      <ActivityLog
        rows={rows}
        total={rows.length}
        page={1}
        pages={1}
        filters={{ persona: "", tipo: "", desde: "", hasta: "" }}
        people={[{ id: "x", name: "Dueña" }]}
        keptDays={180}
        today="2026-11-30"
      />
    ),
    { path: "/admin/users/activity" },
  );
}

describe("'Actividad' says who, what and which in her words", () => {
  const rows = AUDIT_SAMPLE_ROWS.map(describe_);

  it("covers every kind of entry the log writes", () => {
    expect(rows.map((r) => r.label).sort()).toEqual(Object.values(AUDIT_ACTIONS).sort());
  });

  it.each(rows.map((r, i) => [AUDIT_SAMPLE_ROWS[i]?.action ?? "", r] as const))(
    "'%s' reads without ids, codes, file names or English",
    (_action, row) => {
      const words = [row.who, row.label, row.target ?? "", row.summary ?? ""];
      for (const line of row.lines) {
        words.push(line.label);
        for (const v of "value" in line ? [line.value] : [line.before, line.after]) words.push(v.text);
      }
      expect(findJargon(words.join(" · "))).toEqual([]);
    },
  );

  it("renders the whole page with no forbidden words", () => {
    const { container } = renderActivity(rows);
    expect(findJargon(visible(container))).toEqual([]);
  });

  it("names the person, the thing and the change", () => {
    const by = (action: string) => {
      const i = AUDIT_SAMPLE_ROWS.findIndex((r) => r.action === action);
      const row = rows[i];
      if (!row) throw new Error(`no sample of ${action}`);
      const lines = row.lines.map((l) =>
        "value" in l ? `${l.label}: ${l.value.text}` : `${l.label}: ${l.before.text} → ${l.after.text}`,
      );
      return { ...row, text: lines.join(" | ") };
    };
    // A visitor by the name the inbox shows; a deleted conversation never by its session.
    expect(by("conversation.assigned").target).toBe("Rosa");
    expect(by("conversation.deleted").target).toBe("Un visitante");
    // A country by its name, in a shipment and in the transit days.
    expect(by("shipment.created").text).toContain("Destino: Nicaragua");
    expect(by("order.settings").text).toContain(
      "Días de tránsito: Nicaragua: 10 a 14 días → Nicaragua: 10 a 14 días · Costa Rica: 5 a 7 días · Guatemala: sin fecha estimada",
    );
    expect(by("order.settings").text).toContain(
      "Avisos por correo al pasar a: Enviando, Entregado → Enviando, En reparto, Entregado",
    );
    // A backup by when it was made (shop time), and what it holds by the things counted.
    expect(by("backup.created").target).toBe("Copia de seguridad del 28 nov, 06:27");
    expect(by("backup.created").text).toContain(
      "Contiene: 55 pedidos · 1 conversación · 130 productos · 500 imágenes",
    );
    expect(by("backup.created").who).toBe("Sistema");
    expect(by("shipment.event").text).toContain("Paquetes: 40 paquetes");
    // A staff member by name, a device by its browser, a role in words.
    expect(by("staff.role").target).toBe("Lucía");
    expect(by("staff.role").text).toContain("Rol: Operador → Administrador");
    expect(by("staff.reset-requested").who).toBe("Alguien sin iniciar sesión");
    expect(by("push.subscribed").target).toBe("Chrome o Android");
    // The person who chose a status is credited, and whose status it was is named.
    expect(by("agent.status")).toMatchObject({ who: "Luis", target: "Luis" });
    expect(by("agent.status").text).toContain("Estado: En línea → Ausente");
  });

  it("credits a status to the person who chose it even on a row written without its author", () => {
    const row = describeAuditEntry(
      {
        id: 1,
        at: NOW.toISOString(),
        actorName: null,
        action: "agent.status",
        entityId: AGENT_ID,
        target: null,
        changes: { status: "busy" },
      },
      SAMPLE_LOOKUPS,
    );
    expect(row.who).toBe("Luis");
    expect(row.who).not.toBe("Sistema");
  });

  it("reads an older backup's rows as 'registros' and a technician's error in plain words", () => {
    const made = describeChanges(
      { tipo: "command", bytes: 1024 * 1024, filas: 55, archivos: 1 },
      {},
      "backup.created",
    );
    expect(made.lines.map((l) => ("value" in l ? `${l.label}: ${l.value.text}` : ""))).toEqual([
      "Tipo: Hecha por el técnico",
      "Tamaño: 1 MB",
      "Contiene: 55 registros · 1 imagen",
    ]);
    const failed = describeChanges(
      { tipo: "scheduled", error: "ENOSPC: no space left on device, write" },
      {},
      "backup.failed",
    );
    const text = failed.lines.map((l) => ("value" in l ? l.value.text : "")).join(" ");
    expect(findJargon(text)).toEqual([]);
    expect(text).toContain("No se pudo terminar");
  });

  it("lists a change's fields in the same order however the database kept them", () => {
    const a = describeChanges({ status: ["en_local", "entregado"], customerName: ["Ana", "Ana María"] });
    const b = describeChanges({ customerName: ["Ana", "Ana María"], status: ["en_local", "entregado"] });
    expect(a.lines.map((l) => l.label)).toEqual(["Cliente", "Estado"]);
    expect(b.lines).toEqual(a.lines);
  });

  it("offers 'Hoy', 'Últimos 7 días' and 'Últimos 30 días' as plain links that keep the other filters", () => {
    renderRoute(
      () => (
        <ActivityLog
          rows={[]}
          total={0}
          page={1}
          pages={1}
          filters={{ persona: "", tipo: "backup", desde: "2026-11-30", hasta: "2026-11-30" }}
          people={[]}
          keptDays={180}
          today="2026-11-30"
        />
      ),
      { path: "/admin/users/activity" },
    );
    const ranges = screen.getByRole("navigation", { name: "Periodos rápidos" });
    const link = (name: string) => within(ranges).getByRole("link", { name }).getAttribute("href");
    expect(link("Hoy")).toContain("tipo=backup&desde=2026-11-30&hasta=2026-11-30");
    expect(link("Últimos 7 días")).toContain("desde=2026-11-24&hasta=2026-11-30");
    expect(link("Últimos 30 días")).toContain("desde=2026-11-01&hasta=2026-11-30");
    expect(within(ranges).getByRole("link", { name: "Hoy" }).getAttribute("aria-current")).toBe("true");
    // The calendar stays the phone's own, in Spanish.
    for (const label of ["Desde", "Hasta"]) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute("type")).toBe("date");
      expect(input.closest("[lang]")?.getAttribute("lang")).toBe("es");
    }
  });
});

const wait = (count: number, median: number | null, p90: number | null) => ({ count, median, p90 });
const REPORT: ChatReport = {
  from: "2026-11-01",
  to: "2026-11-30",
  total: 24,
  perDay: [{ day: "2026-11-01", count: 24 }],
  perHour: Array.from({ length: 24 }, () => 1),
  firstResponse: wait(23, 240, 720),
  resolution: wait(1, 3600, 3600),
  agents: [
    { agentId: "a", name: "Luis", firstResponse: wait(1, 300, 300), resolution: wait(0, null, null) },
    { agentId: "b", name: "Lupe", firstResponse: wait(22, 200, 700), resolution: wait(1, 3600, 3600) },
  ],
  satisfaction: {
    overall: { answers: 3, good: 2, ok: 1, bad: 0 },
    agents: [{ agentId: "b", name: "Lupe", answers: 3, good: 2, ok: 1, bad: 0 }],
    weeks: [{ week: "2026-11-23", answers: 3, good: 2, ok: 1, bad: 0 }],
  },
};

describe("'Informes del chat' in her words", () => {
  it("says waits as 'la mitad…' and '9 de cada 10…', with the right plurals, and downloads 'para Excel'", () => {
    const { container } = renderRoute(() => <ReportsScreen report={REPORT} today="2026-11-30" />, {
      path: "/admin/chat/informes",
    });
    const text = visible(container);
    expect(findJargon(text)).toEqual([]);
    expect(text).toContain(
      "La mitad se respondió en menos de 4 min · 9 de cada 10 en menos de 12 min · 23 conversaciones",
    );
    expect(text).toContain("1 conversación, resuelta en 1 h");
    expect(text).toContain("conversación del periodo que nadie contestó");
    expect(text).toContain("la mitad en menos de 3 min");
    expect(text).not.toMatch(/\b1 conversaciones\b/);
    const download = screen.getByRole("link", { name: "Descargar para Excel" });
    expect(download.getAttribute("href")).toContain("desde=2026-11-01&hasta=2026-11-30");
    // Each agent is a card on phones as well as a row on wide screens: nothing is cut at 390 px.
    expect(screen.getAllByText("Lupe").length).toBeGreaterThanOrEqual(2);
    expect(container.querySelector("[class*='min-w-[']")).toBeNull();
    const ranges = screen.getByRole("navigation", { name: "Periodos rápidos" });
    expect(within(ranges).getByRole("link", { name: "Últimos 30 días" }).getAttribute("aria-current")).toBe(
      "true",
    );
  });
});

describe("roles and searches in her words", () => {
  it("shows 'Administrador' and 'Operador' in the users list, never the stored values", () => {
    const users = [
      { id: "u1", name: "Dueña", email: "duena@tienda.com", role: "admin" },
      { id: "u2", name: "Luis", email: "luis@tienda.com", role: "operador" },
    ].map((u) => ({ ...u, lastSignInAt: null, createdAt: NOW, deactivatedAt: null }));
    const data = { users, now: NOW.getTime(), me: "u1", canManage: false, mailSending: false };
    const { container } = renderRoute(() => <StaffTable {...(data as unknown as UsersData)} />, {
      path: "/admin/users",
    });
    const text = visible(container);
    expect(findJargon(text)).toEqual([]);
    expect(text).toContain("Administrador");
    expect(text).toContain("Operador");
    expect(roleLabel("admin")).toBe("Administrador");
    expect(roleLabel(undefined)).toBe("Operador");
  });

  it("names the inbox search by what she types, keeping the spec's placeholder", () => {
    renderRoute(() => <InboxSearch searched="" filter="abiertas" selected={null} />, { path: "/admin/chat" });
    const box = screen.getByRole("searchbox", { name: "Buscar cliente por nombre, teléfono o correo" });
    expect(box.getAttribute("placeholder")).toBe("Buscar cliente...");
    expect(findJargon(visible(box.parentElement as HTMLElement))).toEqual([]);
  });
});

it("the conversation sample is a real session id (the kind that used to show)", () => {
  expect(SESSION).toMatch(/^session_\d+_[a-z0-9]+$/);
});
