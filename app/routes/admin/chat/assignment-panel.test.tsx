import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AssignmentPanel } from "./assignment-panel";
import type { Agent, Conversation } from "./types";

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

const agent = (id: string, name: string, presence: Agent["presence"]) =>
  ({ id, name, presence, status: presence, avatarUrl: null }) as unknown as Agent;
const agents = [agent("a1", "Ana", "online"), agent("a2", "Beto", "busy"), agent("a3", "Carla", "offline")];
const assigned = {
  clientId: "session_1700000000000_abcdef",
  assignment: { agentId: "a1", agentName: "Ana", avatarUrl: null, assignedAt: "2026-11-25T15:00:00Z" },
} as unknown as Conversation;
const unassigned = { clientId: "session_1700000000000_abcdef", assignment: null } as unknown as Conversation;
const Assigned = () => (
  <AssignmentPanel conv={assigned} agents={agents} me={agents[0] ?? null} canManage={true} />
);
const Unassigned = () => <AssignmentPanel conv={unassigned} agents={agents} me={null} canManage={true} />;

describe("the assignment panel's picker (issue 41)", () => {
  it("stays under the assigned agent as 'Reasignar a…', each agent with their status; the assignee cannot be picked", async () => {
    const posts = renderWithActions(Assigned);
    expect(screen.getByRole("button", { name: "Desasignar" })).toBeTruthy();
    const picker = screen.getByRole("combobox", { name: "Reasignar a…" });
    const options = within(picker).getAllByRole("option") as HTMLOptionElement[];
    expect(options.map((o) => [o.textContent, o.disabled])).toEqual([
      ["Reasignar a…", false],
      ["Ana — En línea (asignado)", true],
      ["Beto — Ocupado", false],
      ["Carla — Desconectado", false],
    ]);
    fireEvent.change(picker, { target: { value: "a2" } });
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: "/admin/chat",
      fields: { intent: "assign", agentId: "a2", clientId: "session_1700000000000_abcdef" },
    });
  });

  it("offers 'Asignar a un agente...' when nobody has it", () => {
    renderWithActions(Unassigned);
    expect(screen.getByText("Esta conversación no está asignada a ningún agente")).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Asignar a un agente..." })).toBeTruthy();
  });
});
