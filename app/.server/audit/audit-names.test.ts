import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { describeAuditEntry } from "../../lib/audit-entries";
import { visitorName } from "../../lib/chat";
import { action as agentAction } from "../../routes/api/chat.agent";
import type { StaffUser } from "../auth/sessions";
import { ensureAgentId } from "../chat/agents";
import { assignConversation } from "../chat/assignment";
import { loadConfig } from "../config";
import { staffUsers } from "../db/schema";
import type { Services } from "../services";
import { startConversation } from "../testing/chat";
import { testLogger } from "../testing/db";
import { routeContext } from "../testing/routes";
import { setupTestDatabase } from "../testing/setup";
import { auditNames, listAudit } from "./audit";

/**
 * Issue 42: 'Actividad' credits the person who acted and names what the row is about, never by
 * an id or a visitor's session (app/lib/audit-entries.ts describes; these are the rows it reads).
 */

const deps = setupTestDatabase({ bus: true });
const config = loadConfig({});
let olga: StaffUser;
beforeAll(async () => {
  const [u] = await deps.db
    .insert(staffUsers)
    .values({ email: "olga@example.com", name: "Olga", role: "operador", passwordHash: "x" })
    .returning();
  if (!u) throw new Error("no user");
  olga = { id: u.id, email: u.email, name: u.name, role: "operador" };
});

function context(user: StaffUser): AppLoadContext {
  const services = { db: deps.db, bus: deps.bus, logger: testLogger, config } as unknown as Services;
  return routeContext(services, user, "127.0.0.9");
}

async function lastRow(action: string) {
  const { rows } = await listAudit(deps.db, {}, { offset: 0, limit: 50 });
  const row = rows.find((r) => r.action === action);
  if (!row) throw new Error(`no '${action}' row`);
  return row;
}

describe("the rows 'Actividad' reads", () => {
  it("credits a status chosen in the header (POST /api/chat/agent) to the person, and names whose it was", async () => {
    const request = new Request("http://localhost/api/chat/agent", {
      method: "POST",
      body: new URLSearchParams({ intent: "status", status: "busy" }),
    });
    await agentAction({ request, context: context(olga), params: {} } as never);
    const row = await lastRow("agent.status");
    expect(row).toMatchObject({ actorName: "Olga", target: "Olga", changes: { status: "busy" } });
    const shown = describeAuditEntry(row, await auditNames(deps.db, [row]));
    expect(shown.who).toBe("Olga");
    expect(shown.target).toBe("Olga");
    expect(shown.lines).toEqual([{ label: "Estado", value: { kind: "text", text: "Ocupado" } }]);
  });

  it("names an assigned conversation as the inbox does, never by the visitor's session", async () => {
    const { clientId } = await startConversation(deps);
    const agentId = await ensureAgentId(deps, olga);
    await assignConversation({ ...deps, actor: { id: olga.id, name: olga.name } }, clientId, agentId);
    const row = await lastRow("conversation.assigned");
    expect(row.target).toMatch(/^Visitante \d+$/);
    expect(row.target).not.toContain("session_");
    const names = await auditNames(deps.db, [row]);
    expect(names.conversations?.[clientId]).toMatch(/^Visitante \d+$/);
    expect(describeAuditEntry({ ...row, target: clientId }, names).target).toBe(row.target);
    // Once the conversation is gone, a row that held the session reads 'Un visitante'.
    expect(describeAuditEntry({ ...row, target: clientId }, {}).target).toBe("Un visitante");
    expect(visitorName(1042)).toBe("Visitante 1042");
  });
});
