import { query, TRACKING_LIMIT } from "../../scripts/topology/topology.mjs";
import { expect, test, upstreamOf } from "./fixtures";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test("the tracking look-up limit counts the real client address through nginx, whatever it forges", async ({
  playwright,
  topo,
}) => {
  // Fixed one-minute windows: start well inside one, with no look-ups counted yet for this address.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 40_000) await sleep(60_000 - intoMinute + 200);
  await query(topo.databaseUrl, "delete from rate_limits where key like 'tracking-lookup:%'");

  const client = await playwright.request.newContext({ baseURL: topo.url });
  try {
    await exhaustAndCheck();
  } finally {
    // The other tests look orders up from the same address.
    await query(topo.databaseUrl, "delete from rate_limits where key like 'tracking-lookup:%'");
    await client.dispose();
  }

  async function exhaustAndCheck() {
    const lookup = (headers: Record<string, string> = {}) =>
      client.get("/seguimiento?numero=TRK-2026-ZZZZZZ", { headers });
    const upstreams = new Set<string>();
    for (let n = 1; n <= TRACKING_LIMIT; n++) {
      // Half of them claim another address: nginx appends the real one, and the site trusts only that hop.
      const res = await lookup(n % 2 ? { "X-Forwarded-For": `203.0.113.${n}` } : {});
      expect(res.status(), `look-up ${n} of ${TRACKING_LIMIT}`).toBe(404);
      upstreams.add(upstreamOf(res) ?? "");
    }
    expect(upstreams.size, "both instances answered and counted together").toBe(2);

    const refused = await lookup();
    expect(refused.status()).toBe(429);
    const forged = await lookup({ "X-Forwarded-For": "198.51.100.23" });
    expect(forged.status(), "a forged X-Forwarded-For does not reset the limit").toBe(429);

    const rows = (await query(
      topo.databaseUrl,
      "select key, count from rate_limits where key like 'tracking-lookup:%'",
    )) as {
      key: string;
      count: number;
    }[];
    expect(rows).toEqual([{ key: "tracking-lookup:127.0.0.1", count: TRACKING_LIMIT + 2 }]);
  }
});
