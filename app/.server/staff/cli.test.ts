import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../testing/setup";
import { runStaffCli } from "./cli";

const h = setupTestDatabase({ seed: true, bus: true });

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runStaffCli(argv, {
    db: h.db,
    bus: h.bus,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("npm run staff (docs/product.md §3.8)", () => {
  it("prints its help and refuses wrong usage with exit code 2", async () => {
    expect(await run("--help")).toMatchObject({
      code: 0,
      out: expect.stringContaining("deactivate <correo>"),
    });
    expect((await run()).code).toBe(2);
    expect(await run("add", "solo@tienda.com")).toMatchObject({
      code: 2,
      err: expect.stringContaining("Faltan"),
    });
    expect((await run("list", "--sin-esto")).code).toBe(2);
    expect(await run("role", "a@b.com", "jefe")).toMatchObject({
      code: 2,
      err: expect.stringContaining("admin u operador"),
    });
    expect((await run("volar")).code).toBe(2);
  });

  it("adds, lists, changes the role, deactivates, reactivates, resets and ends sessions", async () => {
    const added = await run("add", "jefa@tienda.com", "La Jefa", "admin");
    expect(added.code).toBe(0);
    expect(added.out).toMatch(/Contraseña generada \(se muestra solo esta vez\): \S{20}/);
    expect(await run("add", "op@tienda.com", "Op", "operador", "--password", "corta")).toMatchObject({
      code: 1,
      err: expect.stringContaining("al menos 12"),
    });
    expect(
      (await run("add", "op@tienda.com", "Op", "operador", "--password", "una clave de verdad")).code,
    ).toBe(0);
    expect((await run("list")).out).toMatch(/op@tienda\.com\toperador\tactivo\tOp/);
    expect((await run("role", "op@tienda.com", "admin")).code).toBe(0);
    expect((await run("deactivate", "op@tienda.com")).code).toBe(0);
    expect((await run("list")).out).toMatch(/op@tienda\.com\tadmin\tdesactivado/);
    expect((await run("reactivate", "op@tienda.com")).code).toBe(0);
    expect((await run("reset-password", "op@tienda.com")).out).toMatch(/Contraseña nueva/);
    expect((await run("sessions", "op@tienda.com")).out).toContain("no tiene sesiones abiertas");
    expect((await run("sessions", "op@tienda.com", "--end")).out).toContain(
      "Sesiones cerradas de op@tienda.com: 0",
    );
    expect(await run("deactivate", "nadie@tienda.com")).toMatchObject({
      code: 1,
      err: "No existe ese usuario.",
    });
  });

  it("keeps an active admin", async () => {
    // jefa and op are admins: demote both and the second refusal names the rule.
    expect((await run("role", "op@tienda.com", "operador")).code).toBe(0);
    expect(await run("deactivate", "jefa@tienda.com")).toMatchObject({
      code: 1,
      err: "Debe quedar al menos un administrador activo.",
    });
  });
});
