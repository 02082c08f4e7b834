import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { generateClientId } from "../../app/lib/chat";
import { startServer, tempDataDir } from "../../scripts/built-server.mjs";
import { ADMIN, atWindowStart, freshIp, from, logProblems, OPERATOR, setupSite, tables } from "./harness";

// Findings 1 (client address from X-Forwarded-For), 7 (rate-limit rows) and 8 (staff lockout).
const site = setupSite({ TRACKING_LOOKUPS_PER_MINUTE: "30", LOGIN_MAX_FAILURES: "5" });

/** A request whose forged left-most X-Forwarded-For changes every time, behind one real proxy hop. */
const spoofed = (i: number, realClient: string) => ({
  "X-Forwarded-For": `203.0.113.${i % 250}, ${realClient}`,
});

const lookUp = (headers: Record<string, string>, n = 0) =>
  fetch(`${site.url}/seguimiento?numero=TRK-2020-SPOOF${String(n % 10)}`, { headers }).then(async (r) => {
    await r.arrayBuffer();
    return r.status;
  });

const chatFirstMessage = (headers: Record<string, string>) =>
  fetch(`${site.url}/api/chat/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ clientId: generateClientId(), clientMessageId: randomUUID(), message: "Hola" }),
  });

describe("finding 1: the client address is what the trusted proxy saw, not what the client wrote", () => {
  it("refuses to start with TRUST_PROXY=true, saying what to set instead", async () => {
    const dataDir = tempDataDir("security-trust");
    try {
      await expect(
        startServer({ DATA_DIR: dataDir, TRUST_PROXY: "true" }, { output: "capture" }),
      ).rejects.toThrow(/TRUST_PROXY=true .*número de proxies.*direcciones/s);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("counts 60 tracking look-ups with a forged left-most address as one client: 30 allowed", async () => {
    const statuses: number[] = [];
    await atWindowStart();
    for (let i = 0; i < 60; i++) statuses.push(await lookUp(spoofed(i, "10.0.0.1"), i));
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
  });

  it("counts 25 sign-in failures with forged addresses against the real one", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await fetch(`${site.url}/admin-login`, {
        method: "POST",
        headers: spoofed(i, "10.0.0.2"),
        body: new URLSearchParams({ email: OPERATOR.email, password: `adivinando-${i}` }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
  });

  it("counts 30 new chats with forged addresses against the real one: 20 allowed", async () => {
    const statuses: number[] = [];
    await atWindowStart(3_600_000); // new conversations are counted by the hour
    for (let i = 0; i < 30; i++) statuses.push((await chatFirstMessage(spoofed(i, "10.0.0.3"))).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});

describe("finding 7: refused requests leave no rows behind (3,000 refusals made 3,000 rows)", () => {
  it("1,000 look-ups from one address, nearly all refused, add at most the next window's row", async () => {
    const ip = freshIp();
    for (let i = 0; i < 31; i++) await lookUp(from(ip), i);
    const before = (await tables(site)).rate_limits?.rows ?? 0;
    const batch = Array.from({ length: 1000 }, (_, i) => i);
    let refused = 0;
    for (let i = 0; i < batch.length; i += 50) {
      const statuses = await Promise.all(batch.slice(i, i + 50).map((n) => lookUp(from(ip), n)));
      refused += statuses.filter((s) => s === 429).length;
    }
    // A minute may turn while they run: its new window allows 30 more and is one more row.
    expect(refused).toBeGreaterThanOrEqual(1000 - 30);
    expect((await tables(site)).rate_limits?.rows).toBeLessThanOrEqual(before + 1);
  });

  it("refused chat messages with made-up conversation ids add no row per conversation", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await chatFirstMessage(from(ip))).status).toBe(201);
    const before = (await tables(site)).rate_limits?.rows ?? 0;
    for (let i = 0; i < 200; i++) expect((await chatFirstMessage(from(ip))).status).toBe(429);
    // At most one row more: the address's next one-minute window, if a minute turned meanwhile.
    expect((await tables(site)).rate_limits?.rows).toBeLessThanOrEqual(before + 1);
  });

  it("housekeeping runs on demand without error (it prunes on a schedule)", async () => {
    const res = await fetch(`${site.url}/__test/housekeeping`, { method: "POST" });
    expect(res.status).toBe(200);
  });
});

describe("finding 8: nobody can lock a staff member out", () => {
  const signInFrom = (ip: string, password: string) =>
    fetch(`${site.url}/admin-login`, {
      method: "POST",
      headers: from(ip),
      body: new URLSearchParams({ email: ADMIN.email, password }),
      redirect: "manual",
    });

  it("after failures from everywhere, the owner still signs in from the shop at once", async () => {
    const shop = freshIp();
    expect((await signInFrom(shop, ADMIN.password)).status).toBe(302);
    for (let i = 0; i < 25; i++) {
      const res = await signInFrom(freshIp(), `adivinando-${i}`);
      expect([401, 429]).toContain(res.status);
    }
    expect((await signInFrom(shop, ADMIN.password)).status).toBe(302);
  });

  it("from an address never used before she waits seconds, not 15 minutes, then signs in", async () => {
    // One more failure that counts (after waiting out the current delay), then the owner at once.
    for (let status = 0; status !== 401; ) {
      status = (await signInFrom(freshIp(), "adivinando")).status;
      if (status === 429) await new Promise((r) => setTimeout(r, 250));
    }
    const travelling = freshIp();
    const res = await signInFrom(travelling, ADMIN.password);
    expect(res.status).toBe(429);
    const wait = Number(res.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await res.text()).toMatch(/Espera \d+ segundos/);
    await new Promise((r) => setTimeout(r, wait * 1000 + 100));
    expect((await signInFrom(travelling, ADMIN.password)).status).toBe(302);
  });

  it("logged no server error along the way", () => {
    expect(logProblems(site.output())).toEqual([]);
  });
});
