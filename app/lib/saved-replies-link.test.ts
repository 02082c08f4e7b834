import { describe, expect, it } from "vitest";
import { chatReturnPath, savedRepliesHref } from "./saved-replies-link";

describe("'Gestionar respuestas' and 'Volver al chat'", () => {
  it("carries the open conversation to the saved replies and back", () => {
    const href = savedRepliesHref("/admin/chat?c=session_abc&filtro=mias");
    expect(href).toBe("/admin/chat/respuestas?volver=%2Fadmin%2Fchat%3Fc%3Dsession_abc%26filtro%3Dmias");
    const back = new URL(href, "http://localhost").searchParams.get("volver");
    expect(chatReturnPath(back)).toBe("/admin/chat?c=session_abc&filtro=mias");
    expect(savedRepliesHref("/admin/chat")).toBe("/admin/chat/respuestas");
  });

  it("goes back only to the inbox of this site", () => {
    for (const bad of [
      null,
      undefined,
      42,
      "",
      "https://evil.example/admin/chat",
      "//evil.example/admin/chat",
      "/\\evil.example/admin/chat",
      "/admin/chat/../users",
      "/admin/chatear",
      "/admin/chat/informes",
      "/admin/orders",
      "javascript:alert(1)",
      "/admin/chat?c=1 2",
      `/admin/chat?c=${"x".repeat(1200)}`,
    ]) {
      expect(chatReturnPath(bad)).toBe("/admin/chat");
    }
    expect(chatReturnPath("/admin/chat?c=session_1#x")).toBe("/admin/chat?c=session_1");
  });
});
