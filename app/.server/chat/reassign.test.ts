import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeChanges } from "../../lib/change-labels";
import { TOPICS } from "../../lib/events";
import { action as chatAction } from "../../routes/admin/chat/route";
import { actorOf } from "../audit/audit";
import type { StaffUser } from "../auth/sessions";
import { loadConfig } from "../config";
import { auditLog, chatConversationAssignments } from "../db/schema";
import type { Services } from "../services";
import { makeAgent, startConversation } from "../testing/chat";
import { testLogger } from "../testing/db";
import { callRoute, formPost, routeContext } from "../testing/routes";
import { setupTestDatabase } from "../testing/setup";
import { assignConversation } from "./assignment";

const deps = setupTestDatabase({ bus: true });

const active = (clientId: string) =>
  deps.db
    .select()
    .from(chatConversationAssignments)
    .where(
      and(eq(chatConversationAssignments.clientId, clientId), eq(chatConversationAssignments.isActive, true)),
    );
const auditOf = (clientId: string) =>
  deps.db.select().from(auditLog).where(eq(auditLog.entityId, clientId)).orderBy(auditLog.id);

describe("reassigning a conversation in one step (issue 41)", () => {
  it("moves it to the other agent: one active assignment, audited from → to", async () => {
    const [lupe, ana] = [await makeAgent(deps, "Lupe"), await makeAgent(deps, "Ana")];
    const { clientId } = await startConversation(deps);
    const actor = actorOf({ id: lupe.userId, name: "Lupe" });
    expect(await assignConversation({ ...deps, actor }, clientId, lupe.id)).toMatchObject({
      agentName: "Lupe",
      from: null,
      changed: true,
    });
    const before = await deps.bus.latestId();
    expect(await assignConversation({ ...deps, actor }, clientId, ana.id)).toMatchObject({
      agentId: ana.id,
      agentName: "Ana",
      from: "Lupe",
      changed: true,
    });
    expect((await active(clientId)).map((r) => r.agentId)).toEqual([ana.id]);
    const rows = await auditOf(clientId);
    expect(rows.map((r) => [r.action, r.changes])).toEqual([
      ["conversation.assigned", { agent: "Lupe" }],
      ["conversation.reassigned", { agent: ["Lupe", "Ana"] }],
    ]);
    expect(rows[1]?.actorName).toBe("Lupe");
    // 'Actividad' reads it as the owner would: Agente Lupe → Ana.
    const [line] = describeChanges(
      rows[1]?.changes as Record<string, unknown>,
      {},
      "conversation.reassigned",
    ).lines;
    expect(line).toMatchObject({ label: "Agente", before: { text: "Lupe" }, after: { text: "Ana" } });
    // The inbox and the visitor's widget hear of it.
    const events = await deps.bus.since([TOPICS.staff], before);
    expect(events.some((e) => e.type === "chat.client")).toBe(true);
  });

  it("choosing whoever has it already does nothing: no new row, no audit, no event", async () => {
    const lupe = await makeAgent(deps, "Lupe Otra");
    const { clientId } = await startConversation(deps);
    const first = await assignConversation(deps, clientId, lupe.id);
    const before = await deps.bus.latestId();
    const again = await assignConversation(deps, clientId, lupe.id, new Date(Date.now() + 60_000));
    expect(again).toMatchObject({ changed: false, agentId: lupe.id, assignedAt: first.assignedAt });
    const all = await deps.db
      .select()
      .from(chatConversationAssignments)
      .where(eq(chatConversationAssignments.clientId, clientId));
    expect(all).toHaveLength(1);
    expect((await auditOf(clientId)).map((r) => r.action)).toEqual(["conversation.assigned"]);
    expect(await deps.bus.since([TOPICS.staff], before)).toHaveLength(0);
  });

  it("through the inbox: 'Conversación asignada' on a reassignment, nothing said for the same agent, refused without the chat permission", async () => {
    const [lupe, ana] = [await makeAgent(deps, "Lupe Ruta"), await makeAgent(deps, "Ana Ruta")];
    const { clientId } = await startConversation(deps);
    await assignConversation(deps, clientId, lupe.id);
    const config = loadConfig({ SEED_DEMO: "false", DATA_DIR: "/nonexistent", BACKUP_HOUR: "off" });
    const services = { db: deps.db, bus: deps.bus, config, logger: testLogger } as unknown as Services;
    const operador: StaffUser = {
      id: lupe.userId,
      email: "lupe@example.com",
      name: "Lupe Ruta",
      role: "operador",
    };
    const post = (user: StaffUser | null, agentId: string) =>
      callRoute<{ ok: boolean; message: unknown }>(
        chatAction,
        formPost("/admin/chat", { intent: "assign", clientId, agentId }),
        routeContext(services, user),
      );

    const moved = await post(operador, ana.id);
    expect(moved.status).toBe(200);
    expect(moved.data.message).toEqual({
      title: "Conversación asignada",
      description: "Asignada a Ana Ruta.",
    });
    const same = await post(operador, ana.id);
    expect(same).toMatchObject({ status: 200, data: { ok: true, message: null } });

    // A role without 'chat:reply' is refused by the server, whatever the screen shows.
    const stranger = { ...operador, role: "cliente" } as unknown as StaffUser;
    expect((await post(stranger, lupe.id)).status).toBe(403);
    expect((await post(null, lupe.id)).status).toBe(401);
    expect((await active(clientId)).map((r) => r.agentId)).toEqual([ana.id]);
    expect((await auditOf(clientId)).filter((r) => r.action === "conversation.reassigned")).toHaveLength(1);
  });
});
