import { randomUUID } from "node:crypto";
import { ensureAgent } from "../chat/agents";
import { visitorSend } from "../chat/visitor";
import { staffUsers } from "../db/schema";
import type { Deps } from "../deps";
import type { Storage } from "../storage/storage";
import { testLogger } from "./db";

/*
 * Test helpers for the chat domain: staff agents and visitors. A test file's database with its
 * event bus (the `Deps` these take) comes from setupTestDatabase({ bus: true }).
 */

/** Chat deps with a test storage (chat photos): the file's database and bus, read when used. */
export function withPhotoStorage(h: Deps, storage: Storage) {
  return {
    get db() {
      return h.db;
    },
    get bus() {
      return h.bus;
    },
    storage,
    logger: testLogger,
  };
}

let n = 0;
export async function makeAgent(deps: Deps, name = `Agente ${++n}`) {
  const [user] = await deps.db
    .insert(staffUsers)
    .values({
      email: `agent${randomUUID().slice(0, 8)}@example.com`,
      name,
      role: "operador",
      passwordHash: "x",
    })
    .returning({ id: staffUsers.id, name: staffUsers.name });
  if (!user) throw new Error("no user");
  return ensureAgent(deps, user);
}

export const newClientId = () => `session_${Date.now()}_${randomUUID().replace(/-/g, "").slice(0, 12)}`;

/** A visitor who sent a first message: their id and secret. */
export async function startConversation(deps: Deps, text = "Hola, ¿envían a Managua?") {
  const clientId = newClientId();
  const r = await visitorSend(deps, { clientId, clientMessageId: randomUUID(), message: text }, null, {
    ip: `10.0.${++n % 250}.${n % 250}`,
  });
  if (!r.secret) throw new Error("no secret issued");
  return { clientId, secret: r.secret, first: r.message };
}
