import { describe, expect, it } from "vitest";
import { startServer } from "../../scripts/built-server.mjs";
import { ADMIN, logProblems, setupSite, signIn } from "./harness";

// Findings 9 (a changed ADMIN_PASSWORD kept old sessions) and 13 (a restart right after a crash
// was refused while the killed process lingered).
const site = setupSite({ SEED_DEMO: "false" });

const panel = (cookie: string) =>
  fetch(`${site.url}/admin`, { headers: { cookie }, redirect: "manual" }).then((r) => r.status);

describe("finding 9: a changed bootstrap password ends the old sessions", () => {
  it("a restart with the same password keeps them, a new password ends them", async () => {
    const cookie = await signIn(site);
    expect(await panel(cookie)).toBe(200);
    await site.restart();
    expect(await panel(cookie)).toBe(200);
    await site.restart({ ADMIN_PASSWORD: "otra-clave-mas-larga" });
    expect(await panel(cookie)).toBe(302); // back to the sign-in page
    await expect(signIn(site)).rejects.toThrow(/401/);
    const fresh = await signIn(site, { email: ADMIN.email, password: "otra-clave-mas-larga" });
    expect(await panel(fresh)).toBe(200);
  });
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)("finding 13: the embedded database after a crash", () => {
  it("starts again right after kill -9, five times out of five", async () => {
    for (let i = 0; i < 5; i++) {
      await site.restart({}, "kill");
      expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    }
  });

  it("still refuses a second live process on the same data", async () => {
    await expect(startServer(site.env, { output: "capture", timeoutMs: 60_000 })).rejects.toThrow(
      /está en uso por otro proceso \(PID \d+\)/,
    );
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  });

  it("logged no server error along the way", () => {
    expect(logProblems(site.output())).toEqual([]);
  });
});
