import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MOCKED_MODULES } from "../../vitest.config";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Every test file under app/, server/, scripts/ (relative to the project, with forward slashes). */
function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(rel);
    return /\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

describe("test files that replace a module run in their own module graph (vitest.config.ts)", () => {
  it("MOCKED_MODULES lists exactly the files that call vi.mock or vi.doMock", () => {
    const mocking = ["app", "server", "scripts"]
      .flatMap(testFiles)
      .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(fs.readFileSync(path.join(ROOT, file), "utf8")))
      .sort();
    expect(mocking).toEqual([...MOCKED_MODULES].sort());
    expect(mocking.length).toBeGreaterThan(0);
  });
});
