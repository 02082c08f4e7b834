import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Permission } from "../../lib/permissions";
import { testLogger } from "../testing/db";
import { dispatchIntent, intentsWith, staffIntentsWith } from "./intents";

const staffIntent = staffIntentsWith<string>();
const publicIntent = intentsWith<string>();

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

/** What dispatchIntent answers: React Router's data() with the reply and its status. */
async function answer(result: unknown): Promise<{ status: number; body: { ok: boolean; message: unknown } }> {
  const r = result as { init?: { status?: number }; data: { ok: boolean; message: unknown } };
  return { status: r.init?.status ?? 200, body: r.data };
}

describe("dispatchIntent with permissions", () => {
  const runs: string[] = [];
  const table = {
    rename: staffIntent({
      permission: "chat:manage",
      schema: z.object({ name: z.string().min(1, "Falta el nombre.") }),
      run: async ({ name }) => {
        runs.push(name);
      },
      done: () => "hecho",
      failed: () => "falló",
    }),
  };

  it("checks the chosen intent's permission before the form is parsed", async () => {
    const asked: Permission[] = [];
    const refuse = async (permission: Permission) => {
      asked.push(permission);
      throw data({ message: "No tienes permiso para realizar esta acción." }, { status: 403 });
    };
    // An empty name would be a 400 if it were parsed: the refusal comes first.
    await expect(
      dispatchIntent(formOf({ intent: "rename", name: "" }), table, {
        logger: testLogger,
        unknownIntent: "?",
        authorize: refuse,
      }),
    ).rejects.toMatchObject({ init: { status: 403 } });
    expect(asked).toEqual(["chat:manage"]);
    expect(runs).toEqual([]);
  });

  it("runs the intent once its permission is granted", async () => {
    const reply = await answer(
      await dispatchIntent(formOf({ intent: "rename", name: "Doña Marta" }), table, {
        logger: testLogger,
        unknownIntent: "?",
        authorize: async () => undefined,
      }),
    );
    expect(reply).toMatchObject({ status: 200, body: { ok: true, message: "hecho" } });
    expect(runs).toEqual(["Doña Marta"]);
  });

  it("fails loudly when a staff intent is dispatched without authorize, or authorize meets an intent without permission", async () => {
    await expect(
      dispatchIntent(formOf({ intent: "rename", name: "x" }), table, {
        logger: testLogger,
        unknownIntent: "?",
      }),
    ).rejects.toThrow(/permission/);
    const open = {
      ping: publicIntent({
        schema: z.object({}),
        run: async () => 1,
        done: () => "pong",
        failed: () => "no",
      }),
    };
    await expect(
      dispatchIntent(formOf({ intent: "ping" }), open, {
        logger: testLogger,
        unknownIntent: "?",
        authorize: async () => undefined,
      }),
    ).rejects.toThrow(/permission/);
    const pong = await answer(
      await dispatchIntent(formOf({ intent: "ping" }), open, { logger: testLogger, unknownIntent: "?" }),
    );
    expect(pong.body.message).toBe("pong");
  });

  it("answers an unknown intent with 400 before any permission is asked", async () => {
    const reply = await answer(
      await dispatchIntent(formOf({ intent: "nada" }), table, {
        logger: testLogger,
        unknownIntent: "Acción desconocida.",
        authorize: async () => {
          throw new Error("not asked");
        },
      }),
    );
    expect(reply).toMatchObject({ status: 400, body: { ok: false, message: "Acción desconocida." } });
  });
});
