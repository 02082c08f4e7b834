import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TranscriptRequest } from "./transcript-request";

const reply = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("'Enviarme la conversación' in the widget", () => {
  it("asks the server with the conversation's secret and shows where it went", async () => {
    const fetch = reply(200, {
      to: "r***@gmail.com",
      message: "Te enviamos la conversación a r***@gmail.com.",
    });
    vi.stubGlobal("fetch", fetch);
    render(<TranscriptRequest clientId="session_1700000000000_abcdef" secret="s3cr3t" />);
    fireEvent.click(screen.getByRole("button", { name: "Enviarme la conversación" }));
    expect((await screen.findByRole("status")).textContent).toBe(
      "Te enviamos la conversación a r***@gmail.com.",
    );
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/chat/transcript");
    expect(new Headers(init.headers).get("X-Chat-Secret")).toBe("s3cr3t");
    // Only the conversation: the address is the one on file, chosen by the server.
    expect(JSON.parse(String(init.body))).toEqual({ clientId: "session_1700000000000_abcdef" });
  });

  it("shows the server's refusal", async () => {
    vi.stubGlobal("fetch", reply(429, { error: "Ya te enviamos esta conversación varias veces." }));
    render(<TranscriptRequest clientId="session_1700000000000_abcdef" secret="s3cr3t" />);
    fireEvent.click(screen.getByRole("button", { name: "Enviarme la conversación" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Ya te enviamos esta conversación varias veces.",
    );
  });
});
