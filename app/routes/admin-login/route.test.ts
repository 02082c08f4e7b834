import { describe, expect, it } from "vitest";
import { loadConfig } from "~/.server/config";
import { consumeFlash } from "~/.server/http/cookies";
import type { Services } from "~/.server/services";
import { createStaff } from "~/.server/staff/bootstrap";
import { testLogger } from "~/.server/testing/db";
import { callRoute, formPost, routeContext } from "~/.server/testing/routes";
import { setupTestDatabase } from "~/.server/testing/setup";
import { FLASH_TOASTS } from "~/lib/flash";
import { action } from "./route";

const h = setupTestDatabase();
const config = loadConfig({ SEED_DEMO: "false", DATA_DIR: "/nonexistent", BACKUP_HOUR: "off" });
const services = () => ({ db: h.db, config, logger: testLogger }) as unknown as Services;
const PASSWORD = "una-clave-larga-123";

/** The flash toast a successful sign-in leaves for the next page. */
async function welcomeOf(email: string) {
  const res = await callRoute(action, formPost("/admin-login", { email, password: PASSWORD }), {
    ...routeContext(services(), null),
    clientIp: "203.0.113.7",
  });
  expect(res.status).toBe(302);
  const flash = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.startsWith("mm_flash="));
  const key = (await consumeFlash(flash ?? null)).flash?.key;
  return key ? FLASH_TOASTS[key] : null;
}

describe("sign-in welcome (docs/product.md §3.1)", () => {
  it("greets every role with the spec's toast", async () => {
    await createStaff(h.db, { email: "duena@example.com", name: "Dueña", role: "admin", password: PASSWORD });
    await createStaff(h.db, { email: "op@example.com", name: "Op", role: "operador", password: PASSWORD });
    const spec = { title: "Acceso concedido", description: "Bienvenido al panel de administración." };
    expect(await welcomeOf("duena@example.com")).toEqual(spec);
    expect(await welcomeOf("op@example.com")).toEqual(spec);
  });
});
