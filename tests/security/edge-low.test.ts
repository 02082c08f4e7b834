import net from "node:net";
import { describe, expect, it } from "vitest";
import { logProblems, OPERATOR, setupSite, signIn } from "./harness";

// Second round, finding 6 (low): a request without Host answered 500 with a stack trace in the log;
// `mm_flash` lacked `Secure` behind HTTPS; without PUBLIC_URL the Host-derived sitemap was cached
// for an hour.
const site = setupSite();

/** An HTTP/1.0 request with no Host header at all (fetch and http.request always add one). */
function withoutHost(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const url = new URL(site.url);
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(`GET ${path} HTTP/1.0\r\nAccept: application/json\r\n\r\n`);
    });
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (c) => {
      text += c;
    });
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
}

describe("second round, finding 6: the low items at the edge", () => {
  it("a request without Host is a 400 with a Spanish sentence, and no stack trace in the log", async () => {
    const before = site.output().length;
    for (const path of ["/", "/tienda", "/api/chat/presence"]) {
      const answer = await withoutHost(path);
      expect(answer, path).toMatch(/^HTTP\/1\.[01] 400/);
      expect(answer, path).toContain("La cabecera Host de la solicitud no es válida.");
    }
    const log = site.output().slice(before);
    expect(log).not.toMatch(/"stack"|\n\s+at /);
    expect(logProblems(log)).toEqual([]);
  });

  it("behind HTTPS every cookie is Secure, the flash cookie too", async () => {
    const cookie = await signIn(site, OPERATOR);
    // The operador may not open the staff list: sent back to the panel with a flash message.
    const res = await fetch(`${site.url}/admin/users`, {
      headers: { cookie, "X-Forwarded-Proto": "https" },
      redirect: "manual",
    });
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("mm_flash="))).toBe(true);
    for (const c of cookies) expect(c, c.split("=")[0]).toMatch(/;\s*Secure/i);
    const plain = await fetch(`${site.url}/admin/users`, { headers: { cookie }, redirect: "manual" });
    for (const c of plain.headers.getSetCookie()) expect(c).not.toMatch(/;\s*Secure/i);
  });

  it("without PUBLIC_URL, the sitemap and robots.txt built from the Host are not cached, and the start warns", async () => {
    for (const path of ["/sitemap.xml", "/robots.txt"]) {
      const res = await fetch(`${site.url}${path}`);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
    expect(site.output()).toContain("PUBLIC_URL no está definido");
  });
});
