import { randomUUID } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { chatTopic, TOPICS } from "../../lib/events";
import { newClientId } from "../testing/chat";
import { onPostgres } from "../testing/db";
import { setupTestDatabase } from "../testing/setup";
import { visitorSend } from "./visitor";

/*
 * What a visitor's message costs the database (docs/decisions/0016-rendering-costs-and-fonts.md,
 * chat addenda): the statements sent, counted on the embedded engine, where they all run on the
 * server's one thread. A change that adds one per message fails here before the bench shows it.
 */

const deps = setupTestDatabase({ bus: true });

/** Records every statement the embedded database runs (BEGIN and COMMIT of a transaction included). */
function recordStatements(pglite: PGlite) {
  const seen: string[] = [];
  const query = pglite.query.bind(pglite);
  const exec = pglite.exec.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  pglite.query = ((q: string, ...rest: unknown[]) => {
    seen.push(q);
    return (query as (...a: unknown[]) => unknown)(q, ...rest);
  }) as PGlite["query"];
  pglite.exec = ((q: string, ...rest: unknown[]) => {
    seen.push(q);
    return (exec as (...a: unknown[]) => unknown)(q, ...rest);
  }) as PGlite["exec"];
  pglite.transaction = ((fn: Parameters<PGlite["transaction"]>[0]) =>
    transaction((tx) => {
      seen.push("begin");
      const own = tx.query.bind(tx);
      const counted = Object.create(tx, {
        query: {
          value: (q: string, ...rest: unknown[]) => {
            seen.push(q);
            return (own as (...a: unknown[]) => unknown)(q, ...rest);
          },
        },
      });
      return fn(counted).finally(() => seen.push("commit"));
    })) as PGlite["transaction"];
  return {
    seen,
    restore() {
      pglite.query = query;
      pglite.exec = exec;
      pglite.transaction = transaction;
    },
  };
}

describe.skipIf(onPostgres)("statements a visitor message costs (embedded database)", () => {
  it("a new conversation and a later message: 2 each (read, counted and written in one; its events)", async () => {
    const pglite = deps.handle.pglite;
    if (!pglite) throw new Error("no embedded database");
    const clientId = newClientId();
    const heard: string[] = [];
    const stop = deps.bus.subscribe((e) => heard.push(`${e.topic} ${e.type}`));
    const rec = recordStatements(pglite);
    try {
      const first = await visitorSend(
        deps,
        { clientId, clientMessageId: randomUUID(), message: "Hola" },
        null,
        {
          ip: "10.9.9.1",
        },
      );
      expect(first.created).toBe(true);
      expect(rec.seen.splice(0)).toHaveLength(2);
      const later = await visitorSend(
        deps,
        { clientId, clientMessageId: randomUUID(), message: "¿Siguen ahí?" },
        first.secret,
        { ip: "10.9.9.1" },
      );
      expect(later.created).toBe(false);
      expect(rec.seen.splice(0)).toHaveLength(2);
    } finally {
      rec.restore();
      stop();
    }
    // Each message's two events were heard (the visitor's stream and the staff's).
    expect(heard.filter((h) => h === `${chatTopic(clientId)} chat.message`)).toHaveLength(2);
    expect(heard.filter((h) => h === `${TOPICS.staff} chat.message`)).toHaveLength(2);
  });
});
