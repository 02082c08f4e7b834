import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeDir, tempPath } from "../app/.server/testing/files";
import { RESTART_EXIT_CODE } from "../server/exit-codes.mjs";
import { supervise } from "./supervise.mjs";

// `npm start` watches the site (ADR 0029): a restore ends the site's process with RESTART_EXIT_CODE
// and the supervisor starts it again; anything else ends the supervision.

const dir = tempPath("mm-test-supervise-");
fs.mkdirSync(dir, { recursive: true });
afterAll(() => removeDir(dir));

/** A stand-in for server.js: each run appends a line to `runs`, then exits with the next code of `codes`. */
function fakeSite(codes: number[]): { script: string; runs: () => number } {
  const runs = path.join(dir, `runs-${codes.join("-")}-${Math.random()}`);
  const script = path.join(dir, `site-${Math.random()}.mjs`);
  fs.writeFileSync(
    script,
    `import fs from "node:fs";
const codes = ${JSON.stringify(codes)};
fs.appendFileSync(${JSON.stringify(runs)}, "x\\n");
const n = fs.readFileSync(${JSON.stringify(runs)}, "utf8").trim().split("\\n").length;
process.exit(codes[Math.min(n, codes.length) - 1]);
`,
  );
  return { script, runs: () => fs.readFileSync(runs, "utf8").trim().split("\n").length };
}

describe("the supervisor of npm start", () => {
  it("starts the site again when it asks to, and ends with the site's next exit code", async () => {
    const site = fakeSite([RESTART_EXIT_CODE, RESTART_EXIT_CODE, 3]);
    const lines: string[] = [];
    const exit = await supervise({ args: [site.script], stdio: "ignore", log: (m) => lines.push(m) }).done;
    expect(exit).toEqual({ code: 3, signal: null });
    expect(site.runs()).toBe(3);
    expect(lines.filter((l) => l.includes("pidió reiniciarse"))).toHaveLength(2);
  });

  it("stops restarting a site that asks again and again", async () => {
    const site = fakeSite([RESTART_EXIT_CODE]);
    const exit = await supervise({ args: [site.script], stdio: "ignore", maxQuickRestarts: 2, log: () => {} })
      .done;
    expect(exit.code).toBe(RESTART_EXIT_CODE);
    expect(site.runs()).toBe(3);
  });

  it("passes SIGTERM on and does not restart what it stopped", async () => {
    const script = path.join(dir, "waits.mjs");
    const ready = path.join(dir, "ready");
    fs.writeFileSync(
      script,
      `import fs from "node:fs";
process.on("SIGTERM", () => process.exit(${RESTART_EXIT_CODE}));
fs.writeFileSync(${JSON.stringify(ready)}, "1");
setInterval(() => {}, 1000);
`,
    );
    const site = supervise({ args: [script], stdio: "ignore", log: () => {} });
    await expect.poll(() => fs.existsSync(ready), { timeout: 10_000 }).toBe(true);
    site.stop("SIGTERM");
    expect(await site.done).toEqual({ code: RESTART_EXIT_CODE, signal: null });
  });
});
