import { describe, expect, it } from "vitest";
import {
  displayName,
  formatUnread,
  generateClientId,
  isClientId,
  linkify,
  notificationPreview,
  replyArrived,
  TEXTS,
  widgetHeader,
} from "./chat";

describe("chat helpers", () => {
  it("generates 'session_{time}_{random}' ids that the server accepts, never twice the same", () => {
    const a = generateClientId(1_700_000_000_000);
    expect(a).toMatch(/^session_1700000000000_[a-z0-9]{12}$/);
    expect(isClientId(a)).toBe(true);
    expect(generateClientId()).not.toBe(generateClientId());
    expect(isClientId("session_1_../../x")).toBe(false);
  });

  it("caps the unread badge at 99+", () => {
    expect(formatUnread(1)).toBe("1");
    expect(formatUnread(99)).toBe("99");
    expect(formatUnread(100)).toBe("99+");
  });

  it("cuts the visitor notification at 50 characters", () => {
    expect(notificationPreview("a".repeat(50))).toBe("a".repeat(50));
    expect(notificationPreview("b".repeat(60))).toBe(`${"b".repeat(50)}…`);
    expect(notificationPreview("", "/files/chat/a.webp")).toBe("📷 Foto");
  });

  it("shows the custom name, else the contact's name, else 'Visitante N' — never the session id", () => {
    expect(displayName({ customName: "Doña Marta", contactName: "Marta", visitorNumber: 1042 })).toBe(
      "Doña Marta",
    );
    expect(displayName({ customName: null, contactName: "Marta", visitorNumber: 1042 })).toBe("Marta");
    expect(displayName({ customName: "  ", contactName: null, visitorNumber: 1042 })).toBe("Visitante 1042");
  });

  it("names the assigned or single online agent, else the generic or offline label", () => {
    const ana = { id: "a", name: "Ana" };
    const beto = { id: "b", name: "Beto" };
    expect(widgetHeader({ agents: [] }, null)).toEqual({
      online: false,
      available: "offline",
      title: TEXTS.offline,
      agentName: null,
    });
    expect(widgetHeader({ agents: [ana] }, null)).toMatchObject({ online: true, title: "Ana" });
    expect(widgetHeader({ agents: [ana, beto] }, null)).toMatchObject({ online: true, title: TEXTS.online });
    expect(widgetHeader({ agents: [ana, beto] }, "b")).toMatchObject({ title: "Beto", agentName: "Beto" });
    expect(TEXTS.online).toBe("Atención al Cliente - En línea");
    expect(TEXTS.offline).toBe("Fuera de línea - Te responderemos pronto");
  });

  it("tells visitors a reply takes a few minutes while the team is 'Ocupado' or 'Ausente', naming nobody", () => {
    expect(widgetHeader({ agents: [], available: "soon" }, "a")).toEqual({
      online: false,
      available: "soon",
      title: "Te respondemos en unos minutos",
      agentName: null,
    });
    expect(widgetHeader({ agents: [], available: "offline" }, null).title).toBe(TEXTS.offline);
    expect(widgetHeader({ agents: [{ id: "a", name: "Ana" }], available: "online" }, "a")).toMatchObject({
      available: "online",
      title: "Ana",
    });
  });

  it("turns only http(s) links into links and keeps everything else as text", () => {
    expect(linkify("Vea https://example.com/precios. Gracias")).toEqual([
      { kind: "text", text: "Vea " },
      { kind: "link", text: "https://example.com/precios", href: "https://example.com/precios" },
      { kind: "text", text: ". Gracias" },
    ]);
    expect(linkify("www.example.com")).toEqual([
      { kind: "link", text: "www.example.com", href: "https://www.example.com" },
    ]);
    const evil = "javascript:alert(1) <img src=x onerror=alert(1)>";
    expect(linkify(evil)).toEqual([{ kind: "text", text: evil }]);
  });

  it("sees a reply being sent as arrived once a new staff message with its text is in the log", () => {
    const before = [
      { id: "1", sender: "admin" as const, message: "Hola" },
      { id: "2", sender: "client" as const, message: "Gracias" },
    ];
    const known = new Set(before.map((m) => m.id));
    expect(replyArrived(before, known, "Hola")).toBe(false);
    expect(replyArrived([...before, { id: "3", sender: "client", message: "Hola" }], known, "Hola")).toBe(
      false,
    );
    expect(replyArrived([...before, { id: "3", sender: "admin", message: "Hola" }], known, "Hola")).toBe(
      true,
    );
    expect(replyArrived(null, known, "Hola")).toBe(false);
  });
});
