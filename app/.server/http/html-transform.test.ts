import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./html-transform";

async function run(chunks: string[]): Promise<string> {
  const out: string[] = [];
  const t = Readable.from(chunks.map((c) => Buffer.from(c))).pipe(lowPriorityModulePreloads());
  for await (const c of t) out.push(String(c));
  return out.join("");
}

const HTML =
  '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/x.css"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/></head><body><p>link rel="modulepreload"</p>';

describe("lowPriorityModulePreloads", () => {
  it("marks every script preload as low priority and leaves the rest alone", async () => {
    const html = await run([HTML]);
    expect(html.match(/<link rel="modulepreload" fetchPriority="low" href=/g)).toHaveLength(2);
    expect(html).toContain('<link rel="stylesheet" href="/x.css"/>');
    expect(html).toContain('<p>link rel="modulepreload"</p>');
  });

  it("handles a tag split across chunks at every position", async () => {
    const whole = await run([HTML]);
    for (let i = 1; i < HTML.length; i++) {
      expect(await run([HTML.slice(0, i), HTML.slice(i)])).toBe(whole);
    }
  });

  it("keeps multi-byte text intact", async () => {
    const text = "<p>Contáctenos · Señal ñ</p>";
    const bytes = Buffer.from(text);
    const chunks: Readable = Readable.from([bytes.subarray(0, 8), bytes.subarray(8)]);
    const out: string[] = [];
    for await (const c of chunks.pipe(lowPriorityModulePreloads())) out.push(String(c));
    expect(out.join("")).toBe(text);
  });
});
