import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClientId } from "../../app/lib/chat";
import { sitemapPaths } from "../../app/lib/pages";
import { freshIp, from, setupSite } from "./harness";

// Second round, finding 4: with the database down, `/` and `/nosotros` printed the failed query
// ('Hero images fetch error: Failed query: select "id", "image_url" …') and the cart, the chat's
// presence and messages, sign-in and the contact form answered 500. Every public page and endpoint
// now answers 503 with Retry-After, Spanish words and a reference; the details are in the log only.
const site = setupSite();

const SQL =
  /Failed query|select "|insert into "|\bparams: |DrizzleQueryError|ECONNREFUSED|Connection terminated/i;
const clientId = generateClientId();

type Probe = { what: string; path: string; init?: RequestInit; needsDatabase: boolean };

const form = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
});
const jsonBody = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

const PROBES: Probe[] = [
  // Every public page, as a browser loads it and as the router's data request.
  ...sitemapPaths().flatMap((path) => [
    { what: "page", path, needsDatabase: path === "/" || path === "/tienda" || path === "/nosotros" },
    {
      what: "data",
      path: path === "/" ? "/_root.data" : `${path}.data`,
      needsDatabase: path === "/" || path === "/tienda" || path === "/nosotros",
    },
  ]),
  { what: "page", path: "/tienda/producto-que-no-sabemos", needsDatabase: false },
  { what: "page", path: "/seguimiento?numero=TRK-2020-ABCDEF", needsDatabase: true },
  { what: "page", path: "/admin-login", needsDatabase: false },
  { what: "page", path: "/no-existe", needsDatabase: false },
  { what: "file", path: "/robots.txt", needsDatabase: false },
  { what: "file", path: "/sitemap.xml", needsDatabase: false },
  { what: "file", path: "/images/hero-default.svg", needsDatabase: false },
  // JSON endpoints and live streams.
  { what: "json", path: `/api/cart?ids=${randomUUID()}`, needsDatabase: true },
  { what: "json", path: "/api/chat/presence", needsDatabase: true },
  { what: "json", path: `/api/chat/conversation?clientId=${clientId}`, needsDatabase: true },
  { what: "json", path: "/api/push/key", needsDatabase: true },
  {
    what: "json",
    path: "/api/chat/messages",
    init: jsonBody({ clientId, clientMessageId: randomUUID(), message: "¿Abren hoy?" }),
    needsDatabase: true,
  },
  {
    what: "json",
    path: "/api/chat/contact",
    init: jsonBody({ clientId, name: "Ana", country: "NI", phone: "88887777" }),
    needsDatabase: true,
  },
  {
    what: "form",
    path: "/api/push/order",
    init: form({
      intent: "status",
      trackingNumber: "TRK-2020-ABCDEF",
      endpoint: "https://fcm.googleapis.com/fcm/send/x",
    }),
    needsDatabase: true,
  },
  {
    what: "form",
    path: "/admin-login",
    init: form({ email: "admin@example.com", password: "una-clave-cualquiera" }),
    needsDatabase: true,
  },
  {
    what: "form",
    path: "/contact",
    init: form({
      intent: "contact",
      firstName: "Ana",
      lastName: "López",
      email: "ana@example.com",
      message: "¿Envían a Granada?",
    }),
    needsDatabase: true,
  },
  { what: "stream", path: "/events/chat-presence", needsDatabase: true },
  { what: "stream", path: "/events/track/TRK-2020-ABCDEF", needsDatabase: true },
  { what: "stream", path: `/events/chat/${clientId}`, needsDatabase: true },
];

beforeAll(async () => {
  await site.databaseDown(true);
});
afterAll(async () => {
  await site.databaseDown(false);
});

describe("second round, finding 4: a database outage in Spanish, with a reference, never SQL", () => {
  it("no public page or endpoint answers 500 or shows SQL; those that need the database answer 503", async () => {
    const problems: string[] = [];
    for (const probe of PROBES) {
      for (const accept of probe.what === "page" ? ["text/html", "*/*"] : ["*/*"]) {
        const before = site.output().length;
        const res = await fetch(`${site.url}${probe.path}`, {
          ...probe.init,
          headers: { accept, ...from(freshIp()), ...(probe.init?.headers as Record<string, string>) },
          redirect: "manual",
          signal: AbortSignal.timeout(15_000),
        });
        const body = res.headers.get("content-type")?.includes("event-stream") ? "" : await res.text();
        const where = `${probe.path} (${res.status}, ${accept})`;
        if (res.status >= 500 && res.status !== 503) problems.push(`${where}: status ${res.status}`);
        if (SQL.test(body)) problems.push(`${where}: shows ${SQL.exec(body)?.[0]}`);
        if (probe.needsDatabase && res.status !== 503) problems.push(`${where}: expected 503`);
        if (res.status === 503) {
          if (!(Number(res.headers.get("retry-after")) > 0)) problems.push(`${where}: no Retry-After`);
          if (!/[áéíóúñ]|no se pud|no está disponible|inténtalo/i.test(body))
            problems.push(`${where}: no Spanish words`);
          // Shown on a page, in a JSON answer, or in the page's data (a form's reply).
          const reference = /Referencia: (\w{8})|reference\\?"\s*[:,]\s*\\?"(\w{8})/.exec(body);
          const ref = reference?.slice(1).find(Boolean);
          if (probe.what !== "stream" && !ref) problems.push(`${where}: no reference`);
          // The reference finds the details in the log.
          await new Promise((r) => setTimeout(r, 20));
          const log = site.output().slice(before);
          if (ref && !new RegExp(`"reqId":"${ref}`).test(log))
            problems.push(`${where}: reference not in the log`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("the site answers again once the database is back", async () => {
    await site.databaseDown(false);
    await expect
      .poll(async () => (await fetch(`${site.url}/tienda`)).status, { timeout: 20_000, interval: 500 })
      .toBe(200);
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  });
});
