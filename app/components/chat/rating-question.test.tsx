import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RatingQuestion } from "./rating-question";

const clientId = "session_1700000000000_abcdef";
const reply = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
  );
const due = { status: "resolved", rating: null, ratingDue: true } as const;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("'¿Cómo te atendimos?' in the widget", () => {
  it("is not there while the conversation is open", () => {
    const { container } = render(
      <RatingQuestion
        clientId={clientId}
        secret="s"
        state={{ status: "open", rating: null, ratingDue: false }}
      />,
    );
    expect(container.textContent).toBe("");
  });

  it("sends the face and the comment with the conversation's secret, then thanks", async () => {
    const fetch = reply(200, { rating: "good", message: "¡Gracias por tu opinión!" });
    vi.stubGlobal("fetch", fetch);
    render(<RatingQuestion clientId={clientId} secret="s3cr3t" state={due} />);
    const form = screen.getByRole("form", { name: "¿Cómo te atendimos?" });
    expect(screen.getByRole("button", { name: "Regular" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Mal" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Bien" }));
    expect(screen.getByRole("button", { name: "Bien" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.change(screen.getByLabelText("¿Quieres contarnos algo más? (opcional)"), {
      target: { value: "  muy amables " },
    });
    fireEvent.submit(form);
    expect((await screen.findByText("¡Gracias por tu opinión!")).getAttribute("role")).toBe("status");
    expect(screen.queryByRole("form")).toBeNull();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/chat/rating");
    expect(new Headers(init.headers).get("X-Chat-Secret")).toBe("s3cr3t");
    expect(JSON.parse(String(init.body))).toEqual({ clientId, rating: "good", comment: "muy amables" });
  });

  it("asks for a face before sending anything", async () => {
    const fetch = reply(200, {});
    vi.stubGlobal("fetch", fetch);
    render(<RatingQuestion clientId={clientId} secret="s" state={due} />);
    fireEvent.submit(screen.getByRole("form", { name: "¿Cómo te atendimos?" }));
    expect(await screen.findByText("Elige una de las caras.")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's refusal", async () => {
    vi.stubGlobal("fetch", reply(409, { error: "Ya recibimos tu opinión. ¡Gracias!" }));
    render(<RatingQuestion clientId={clientId} secret="s" state={due} />);
    fireEvent.click(screen.getByRole("button", { name: "Mal" }));
    fireEvent.submit(screen.getByRole("form", { name: "¿Cómo te atendimos?" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Ya recibimos tu opinión. ¡Gracias!");
  });

  it("thanks again after a reload when the answer was given", () => {
    render(
      <RatingQuestion
        clientId={clientId}
        secret="s"
        state={{ status: "resolved", rating: "ok", ratingDue: false }}
      />,
    );
    expect(screen.getByRole("status").textContent).toBe("¡Gracias por tu opinión!");
  });
});
