import { describe, expect, it } from "vitest";
import { contactSchema } from "../../lib/chat-forms";
import { PHONE_INVALID_MESSAGE } from "../../lib/phone";
import { contactForConversation } from "../contacts/contacts";
import { newClientId, startConversation } from "../testing/chat";
import { setupTestDatabase } from "../testing/setup";
import { saveVisitorContact } from "./contact";
import { listInboxPage } from "./inbox-list";

const deps = setupTestDatabase({ bus: true });

const parse = (v: Record<string, unknown>) => contactSchema.safeParse(v);

describe("visitor contact details (ADR 0013)", () => {
  it("validates the name and a WhatsApp number or an e-mail, in Spanish", () => {
    const clientId = newClientId();
    const none = parse({ clientId, name: "Ana" });
    expect(none.success).toBe(false);
    expect(none.error?.issues[0]?.message).toBe("Escribe tu número de WhatsApp o tu correo.");
    const bad = parse({ clientId, name: "Ana", country: "NI", phone: "12" });
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["phone", PHONE_INVALID_MESSAGE],
    ]);
    expect(parse({ clientId, name: " ", phone: "3055550100" }).error?.issues[0]?.message).toBe(
      "Escribe tu nombre.",
    );
    expect(parse({ clientId, name: "Ana", email: "no-es-correo" }).error?.issues[0]?.path).toEqual(["email"]);
    expect(parse({ clientId, name: "Ana", country: "XX", phone: "88887777" }).success).toBe(false);
  });

  it("stores the number in E.164, read in the chosen country (US by default)", () => {
    const clientId = newClientId();
    expect(parse({ clientId, name: "Ana", country: "NI", phone: "8765 4321" }).data?.phone).toBe(
      "+50587654321",
    );
    expect(parse({ clientId, name: "Ana", phone: "(305) 555-0100" }).data?.phone).toBe("+13055550100");
    expect(parse({ clientId, name: "Ana", country: "US", phone: "+506 8888 7777" }).data?.phone).toBe(
      "+50688887777",
    );
    expect(parse({ clientId, name: "Ana", email: "Ana@Example.com" }).data).toMatchObject({
      phone: null,
      email: "ana@example.com",
    });
  });

  it("saves on the conversation with the secret; staff see the name", async () => {
    const { clientId, secret } = await startConversation(deps);
    const input = contactSchema.parse({ clientId, name: "Ana Pérez", country: "HN", phone: "9999 8888" });
    await expect(saveVisitorContact(deps, input, "wrong")).rejects.toMatchObject({
      kind: "forbidden",
    });
    await expect(
      saveVisitorContact(deps, { ...input, clientId: newClientId() }, secret),
    ).rejects.toMatchObject({ kind: "not_found" });
    const saved = await saveVisitorContact(deps, input, secret);
    expect(saved.key).toMatch(/^[\w-]{40,}$/);
    expect(await contactForConversation(deps.db, clientId)).toMatchObject({
      name: "Ana Pérez",
      phone: "+50499998888",
      email: null,
    });
    const page = await listInboxPage(deps.db, { filter: "abiertas", agentId: null });
    const summary = page.items.find((c) => c.clientId === clientId);
    expect(summary).toMatchObject({ contactName: "Ana Pérez", contactPhone: "+50499998888" });
    // Staff find the conversation by the visitor's name or by the number as people type it.
    for (const q of ["ana pérez", "9999 8888"]) {
      const found = await listInboxPage(deps.db, { filter: "abiertas", agentId: null, q });
      expect(
        found.items.map((c) => c.clientId),
        q,
      ).toEqual([clientId]);
    }
  });
});
