// Fixtures of the topology tests: one deployment per worker (scripts/topology/topology.mjs): a fresh
// Postgres database, s3rver behind a SigV4-verifying proxy, two instances of the built site, nginx in front.
//
//   test("...", async ({ page, topo, open }) => {
//     await page.goto("/");                                  // through nginx, round-robin
//     const staff = await open({ role: "operador", base: topo.pinned[1] });  // always instance 1
//   });
//
// Pinning: the generated nginx configuration has, besides the round-robin server, one server block per
// instance on its own port (same locations, upstream of that instance only). Cookies do not depend on the
// port, so a session made through one address works on all of them. Every nginx answer carries
// `X-Upstream: <instance address>` (test-only header) to tell which instance served it.

import { type APIResponse, type BrowserContext, test as base, type Page } from "@playwright/test";
import {
  CREDENTIALS,
  type Instance,
  startTopology,
  type Topology,
} from "../../scripts/topology/topology.mjs";

export { expect } from "@playwright/test";
export { CREDENTIALS, type Instance, type Topology };

export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
type Role = keyof typeof CREDENTIALS;

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** `host:port` of the instance that answered, from nginx's X-Upstream header. */
export const upstreamOf = (res: APIResponse) => (res.headers()["x-upstream"] ?? "").split(",").pop()?.trim();

type Fixtures = {
  /** A browser page in a context of its own: a visitor (phone size by default) or a staff member. */
  open: (opts?: { role?: Role; base?: string; phone?: boolean }) => Promise<Page>;
  _logsOnFailure: undefined;
};
type WorkerFixtures = { topo: Topology; staffState: (role: Role) => Promise<StorageState> };

export const test = base.extend<Fixtures, WorkerFixtures>({
  topo: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires a destructuring pattern here.
    async ({}, use) => {
      const postgresUrl = process.env.TEST_DATABASE_URL;
      if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set (use node scripts/topology/run.mjs)");
      const log = process.env.TOPOLOGY_LOGS ? (m: string) => console.log(`[topology] ${m}`) : () => {};
      const topo = await startTopology({ postgresUrl, log });
      try {
        await use(topo);
      } finally {
        await topo.stop();
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],

  staffState: [
    async ({ topo, playwright }, use) => {
      const states = new Map<Role, StorageState>();
      await use(async (role) => {
        const known = states.get(role);
        if (known) return known;
        const request = await playwright.request.newContext({ baseURL: topo.url });
        try {
          const res = await request.post("/admin-login", { form: { ...CREDENTIALS[role] }, maxRedirects: 0 });
          if (res.status() !== 302) throw new Error(`sign-in as ${role}: HTTP ${res.status()}`);
          const state = await request.storageState();
          states.set(role, state);
          return state;
        } finally {
          await request.dispose();
        }
      });
    },
    { scope: "worker" },
  ],

  baseURL: async ({ topo }, use) => {
    await use(topo.url);
  },

  open: async ({ browser, topo, staffState }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async ({ role, base: baseURL = topo.url, phone = !role } = {}) => {
      const context = await browser.newContext({
        baseURL,
        ...(phone ? PHONE : {}),
        storageState: role ? await staffState(role) : undefined,
      });
      contexts.push(context);
      return context.newPage();
    });
    for (const c of contexts) await c.close();
  },

  _logsOnFailure: [
    async ({ topo }, use, testInfo) => {
      const starts = topo.instances.map((i) => i.output().length);
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus) {
        for (const [n, i] of topo.instances.entries()) {
          await testInfo.attach(`${i.name}-log`, {
            body: i.output().slice(starts[n]),
            contentType: "text/plain",
          });
        }
        await testInfo.attach("nginx-error-log", { body: topo.nginx.errorLog(), contentType: "text/plain" });
      }
    },
    { auto: true, box: true },
  ],
});
