import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { generateClientId } from "../../app/lib/chat";
import { BAD_FORM_BODIES, badJsonBodies, fieldsOf, formTargets, QUERY_TARGETS, TEXT_VALUES } from "./corpus";
import {
  announceBody,
  dataDigest,
  freshIp,
  from,
  logProblems,
  routeData,
  setupSite,
  signIn,
} from "./harness";

// Findings 5 (NUL and broken text gave 500/503 and logged SQL with customer data) and 6 (a
// cookie named mm_session raised the body limit to 12 MB for anyone), then the corpus.
const site = setupSite();
let cookie = "";
let clientId = "";

const BAD_TEXT = /caracteres no válidos/;

async function visitorMessage(body: string, ip = freshIp()) {
  return fetch(`${site.url}/api/chat/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", ...from(ip) },
    body,
  });
}

beforeAll(async () => {
  cookie = await signIn(site);
  clientId = generateClientId();
  const res = await visitorMessage(
    JSON.stringify({ clientId, clientMessageId: randomUUID(), message: "Hola" }),
  );
  expect(res.status).toBe(201);
});

/** The Spanish words a refusal carried, whichever layer refused. */
function messageOf(value: Record<string, unknown>): string | null {
  const data = value.data as
    | { message?: string | { title?: string; description?: string } | null; result?: { error?: object } }
    | undefined;
  if (typeof data?.message === "string" && data.message) return data.message;
  if (data?.message && typeof data.message === "object")
    return data.message.description ?? data.message.title ?? null;
  const fieldErrors = Object.values(data?.result?.error ?? {}).flat();
  if (fieldErrors.length > 0) return String(fieldErrors[0]);
  const error = value.error as { data?: { message?: string } } | undefined;
  if (error?.data?.message) return error.data.message;
  const raw = value.raw;
  if (typeof raw === "string") {
    try {
      return (JSON.parse(raw) as { error?: string }).error ?? null;
    } catch {
      return raw.includes("<html") ? raw : null;
    }
  }
  return null;
}

describe("finding 5: NUL and broken text are refused at the edge with a Spanish 400", () => {
  it("in a query: /tienda?q=a%00b", async () => {
    const json = await fetch(`${site.url}/tienda?q=a%00b`);
    expect(json.status).toBe(400);
    expect((await json.json()).error).toMatch(/caracteres no válidos/);
    const page = await fetch(`${site.url}/tienda?q=a%00b`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(400);
    expect(await page.text()).toMatch(/<html lang="es">[\s\S]*caracteres no válidos/);
  });

  it("in the sign-in e-mail, without logging the query or its values", async () => {
    const before = site.output().length;
    const res = await fetch(`${site.url}/admin-login`, {
      method: "POST",
      headers: from(freshIp()),
      body: new URLSearchParams({ email: "victima\u0000@example.com", password: "x" }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(BAD_TEXT);
    const log = site.output().slice(before);
    expect(log).not.toContain("victima");
    expect(logProblems(log)).toEqual([]);
  });

  it("in a visitor's chat message (JSON), NUL and a lone surrogate alike", async () => {
    for (const message of ["a\u0000b", "a\uD800b"]) {
      const body = JSON.stringify({
        clientId: generateClientId(),
        clientMessageId: randomUUID(),
        message: "§",
      }).replace('"§"', JSON.stringify(message).replace("\uD800", "\\ud800"));
      const res = await visitorMessage(body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(BAD_TEXT);
    }
  });
});

describe("finding 6: the large body limit is for signed-in staff on upload routes only", () => {
  const post = (path: string, bytes: number, headers: Record<string, string>) =>
    fetch(`${site.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: Buffer.alloc(bytes, 97),
    });
  const rssMb = () =>
    Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${site.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

  it("a made-up mm_session cookie keeps the small limit: 40 × 11 MB refused before reading", async () => {
    const before = rssMb();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        announceBody(`${site.url}/admin/productos`, 11 * 1024 * 1024, { cookie: "mm_session=cualquiera" }),
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).error).toBe("La solicitud es demasiado grande (máximo 1024 KB).");
      expect(res.connection).toBe("close");
    }
    expect(rssMb() - before).toBeLessThan(64);
  });

  it("signed-in staff may send 2 MB to an upload route, not to another; over the upload limit it names it", async () => {
    const upload = await post("/admin/productos", 2 * 1024 * 1024, { cookie });
    expect(upload.status).toBe(400); // read, and refused as a form that is not one
    const other = await announceBody(`${site.url}/admin/orders`, 2 * 1024 * 1024, { cookie });
    expect(other.status).toBe(413);
    expect(JSON.parse(other.body).error).toContain("1024 KB");
    const tooBig = await announceBody(`${site.url}/admin/productos`, 13 * 1024 * 1024, { cookie });
    expect(tooBig.status).toBe(413);
    // 'Productos' takes product pictures of up to 10 MB (UPLOAD_ROUTES): 10 MB and the form around it.
    expect(JSON.parse(tooBig.body).error).toBe("La solicitud es demasiado grande (máximo 10 MB).");
  });

  it("an anonymous post to a staff route is refused before its body is read", async () => {
    const res = await announceBody(`${site.url}/admin/productos`, 512 * 1024, {});
    expect(res.status).toBe(401);
    expect(res.connection).toBe("close");
  });
});

describe("bad-input corpus: 0 responses 5xx, every refusal a 4xx with a message, nothing stored changed", () => {
  const targets = formTargets({ clientId: "__CLIENT__" });

  for (const target of targets) {
    it(`every field of ${target.path} ${target.intent ?? ""}`, async () => {
      let digest = await dataDigest(site);
      const problems: string[] = [];
      for (const field of fieldsOf(target)) {
        for (const [kind, value] of Object.entries(TEXT_VALUES)) {
          const form = new URLSearchParams();
          const fields = {
            ...target.base,
            ...(target.intent ? { intent: target.intent } : {}),
            [field]: value,
          };
          for (const [k, v] of Object.entries(fields)) form.set(k, v === "__CLIENT__" ? clientId : v);
          const res = await routeData(site, target.path, {
            cookie: target.staff ? cookie : undefined,
            form,
            headers: from(freshIp()),
          });
          const what = `${field}=${kind}: ${res.status}`;
          const after = await dataDigest(site);
          if (res.status >= 500) problems.push(`${what} (5xx)`);
          else if (res.status >= 400) {
            if (!messageOf(res.value))
              problems.push(`${what} without a message ${JSON.stringify(res.value).slice(0, 200)}`);
            if (after !== digest) problems.push(`${what} refused but changed stored data`);
          } else if (kind === "nul") problems.push(`${what}: NUL accepted`);
          digest = after;
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it("bodies that are not the form an action expects", async () => {
    const paths = [...new Set(targets.map((t) => t.path)), "/logout", "/contact", "/tienda"];
    const digest = await dataDigest(site);
    const problems: string[] = [];
    for (const path of paths) {
      for (const bad of BAD_FORM_BODIES) {
        for (const signedIn of [false, true]) {
          const res = await fetch(`${site.url}${path}`, {
            method: "POST",
            headers: {
              ...(bad.type ? { "content-type": bad.type } : {}),
              ...(signedIn && path !== "/logout" ? { cookie } : {}),
              ...from(freshIp()),
              accept: "application/json",
            },
            body: bad.body,
            redirect: "manual",
          });
          const text = await res.text();
          if (res.status >= 500) problems.push(`${path} ${bad.name}: ${res.status}`);
          if (res.status >= 400 && !text.trim())
            problems.push(`${path} ${bad.name}: ${res.status} without a message`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await dataDigest(site)).toBe(digest);
  });

  it("JSON bodies for the visitor's chat endpoint", async () => {
    const valid = { clientId: generateClientId(), clientMessageId: randomUUID(), message: "Hola" };
    const problems: string[] = [];
    for (const bad of badJsonBodies(valid)) {
      // Each with a new conversation, so a valid one is simply stored.
      const body = bad.body
        .replace(valid.clientId, generateClientId())
        .replace(valid.clientMessageId, randomUUID());
      const res = await visitorMessage(body);
      const text = await res.text();
      if (res.status >= 500) problems.push(`${bad.name}: ${res.status}`);
      else if (res.status >= 400 && !JSON.parse(text).error) problems.push(`${bad.name}: no message`);
      else if (res.status < 400 && /NUL|surrogate/.test(bad.name)) problems.push(`${bad.name}: accepted`);
    }
    expect(problems).toEqual([]);
  });

  it("query parameters and path segments", async () => {
    const encode = (kind: string, v: string) =>
      kind === "lone surrogate" ? "a%ED%A0%80b" : kind === "huge" ? "x".repeat(4000) : encodeURIComponent(v);
    const problems: string[] = [];
    for (const target of QUERY_TARGETS) {
      for (const [kind, value] of Object.entries(TEXT_VALUES)) {
        const res = await fetch(`${site.url}${target.path(encode(kind, value))}`, {
          headers: { ...(target.staff ? { cookie } : {}), ...from(freshIp()) },
          redirect: "manual",
        });
        const status = res.status;
        await res.body?.cancel();
        if (status >= 500) problems.push(`${target.path(kind)}: ${status}`);
        if (kind === "nul" && status !== 400) problems.push(`${target.path(kind)}: ${status}, not 400`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("logged no server error, no stack trace and no query values", () => {
    expect(logProblems(site.output())).toEqual([]);
  });
});
