import { describe, expect, it } from "vitest";
import { z } from "zod";
import { testLogger } from "../testing/db";
import { dispatchIntent, intentsWith, readJsonIntent, staffIntentsWith } from "./intents";

const staffIntent = staffIntentsWith<string>();
const publicIntent = intentsWith<string>();

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

/** What dispatchIntent answers: React Router's data() with the reply and its status. */
function answer(result: unknown): {
  status: number;
  body: { ok: boolean; message: unknown; error?: unknown };
} {
  const r = result as { init?: { status?: number }; data: { ok: boolean; message: unknown } };
  return { status: r.init?.status ?? 200, body: r.data };
}

const admin = { role: "admin" as const };
const operador = { role: "operador" as const };

describe("dispatchIntent with permissions", () => {
  const runs: string[] = [];
  const table = {
    rename: staffIntent({
      permission: "replies:manage",
      schema: z.object({ name: z.string().min(1, "Falta el nombre.") }),
      run: async ({ name }) => {
        runs.push(name);
      },
      done: () => "hecho",
      failed: () => "falló",
    }),
  };
  const opts = { logger: testLogger, unknownIntent: "?", forbidden: "No tienes permiso para esta acción." };

  it("checks the chosen intent's permission before the form is parsed", async () => {
    // An empty name would be a 400 if it were parsed: the refusal comes first.
    // A form's refusal is thrown (the page's loaders must not run after it).
    const reply = answer(
      await dispatchIntent(formOf({ intent: "rename", name: "" }), table, { ...opts, user: operador }).catch(
        (thrown: unknown) => thrown,
      ),
    );
    expect(reply).toMatchObject({
      status: 403,
      body: { ok: false, message: "No tienes permiso para esta acción." },
    });
    expect(runs).toEqual([]);
  });

  it("runs the intent once its permission is granted", async () => {
    const reply = answer(
      await dispatchIntent(formOf({ intent: "rename", name: "Doña Marta" }), table, { ...opts, user: admin }),
    );
    expect(reply).toMatchObject({ status: 200, body: { ok: true, message: "hecho" } });
    expect(runs).toEqual(["Doña Marta"]);
  });

  it("fails loudly when a staff intent is dispatched without the user, or a user meets an intent without a staff permission", async () => {
    await expect(dispatchIntent(formOf({ intent: "rename", name: "x" }), table, opts)).rejects.toThrow(
      /permission/,
    );
    const open = {
      ping: publicIntent({
        schema: z.object({}),
        run: async () => 1,
        done: () => "pong",
        failed: () => "no",
      }),
      hello: publicIntent({
        permission: "visitor",
        schema: z.object({}),
        run: async () => 1,
        done: () => "hola",
        failed: () => "no",
      }),
    };
    await expect(dispatchIntent(formOf({ intent: "ping" }), open, { ...opts, user: admin })).rejects.toThrow(
      /permission/,
    );
    await expect(dispatchIntent(formOf({ intent: "hello" }), open, { ...opts, user: admin })).rejects.toThrow(
      /permission/,
    );
    expect(answer(await dispatchIntent(formOf({ intent: "ping" }), open, opts)).body.message).toBe("pong");
    expect(answer(await dispatchIntent(formOf({ intent: "hello" }), open, opts)).body.message).toBe("hola");
  });

  it("answers an unknown intent with 400 before any permission is asked", async () => {
    const reply = answer(
      await dispatchIntent(formOf({ intent: "nada" }), table, { ...opts, user: operador }),
    );
    expect(reply).toMatchObject({ status: 400, body: { ok: false, message: "?" } });
  });

  it("refuses a JSON caller in its own words too, under `error`", async () => {
    const request = new Request("http://x/", { method: "POST", body: JSON.stringify({ name: "x" }) });
    const reply = answer(
      await dispatchIntent(await readJsonIntent(request, "rename"), table, { ...opts, user: operador }),
    );
    expect(reply).toMatchObject({
      status: 403,
      body: { ok: false, error: "No tienes permiso para esta acción." },
    });
  });
});
