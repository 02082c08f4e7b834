import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { StatusSwitch } from "./status-switch";

/** Renders `Page` at /admin/orders with the two actions it posts to, recording what they receive. */
function renderWithActions(Page: React.ComponentType) {
  const posts: { url: string; fields: Record<string, string> }[] = [];
  const record = async ({ request }: { request: Request }) => {
    const fields = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
    posts.push({ url: new URL(request.url).pathname, fields });
    return { ok: true, message: null, result: { status: "success" } };
  };
  const Stub = createRoutesStub([
    { path: "/admin/orders", Component: Page },
    { path: "/api/chat/agent", action: record },
    { path: "/admin/chat", action: record },
  ]);
  render(<Stub initialEntries={["/admin/orders"]} />);
  return posts;
}

const Online = () => <StatusSwitch status="online" autoAway={false} />;
const AutoAway = () => <StatusSwitch status="away" autoAway={true} />;

describe("the header's status control (issue 41)", () => {
  it("says the status in words and offers the four statuses as one choice", async () => {
    const posts = renderWithActions(Online);
    const control = screen.getByRole("button", { name: "Tu estado en el chat: En línea" });
    expect(control.textContent).toContain("En línea");
    const menu = screen.getByRole("group", { name: "Tu estado en el chat" });
    const radios = within(menu).getAllByRole("radio");
    expect(radios.map((r) => r.textContent?.trim())).toEqual([
      expect.stringContaining("En línea"),
      expect.stringContaining("Ocupado"),
      expect.stringContaining("Ausente"),
      expect.stringContaining("Desconectado"),
    ]);
    expect(within(menu).getByRole("radio", { name: "En línea" }).getAttribute("aria-checked")).toBe("true");
    // Without scripts the form posts the choice to the status intent by itself.
    const form = menu.closest("form");
    expect(form?.getAttribute("action")).toBe("/api/chat/agent");
    expect(form?.getAttribute("method")).toBe("post");
    expect(within(menu).getByRole("radio", { name: "Ocupado" }).getAttribute("value")).toBe("busy");

    fireEvent.click(within(menu).getByRole("radio", { name: "Ocupado" }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ url: "/api/chat/agent", fields: { intent: "status", status: "busy" } });
  });

  it("shows an automatic 'Ausente' as such", () => {
    renderWithActions(AutoAway);
    const control = screen.getByRole("button", { name: "Tu estado en el chat: Ausente (sin actividad)" });
    expect(control.textContent).toContain("Ausente (sin actividad)");
  });
});
