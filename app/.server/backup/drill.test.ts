import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type BuiltServer, ROOT, startServer, tempDataDir } from "../../../scripts/built-server.mjs";
import { onPostgres } from "../testing/db";
import { removeDir } from "../testing/files";

// The move from the embedded database to Postgres (docs/deploy.md), as a shop would do it: the
// built site runs on its embedded database with the demo shop; `npm run backup` (through the
// running server); `npm run restore` into an empty Postgres database; the site started on it
// serves the same public pages, tracking results and pictures. Needs the built site and the
// CI's throwaway Postgres (TEST_DATABASE_URL); skipped otherwise.

const built = fs.existsSync(path.join(ROOT, "build", "server", "index.js"));
const run = promisify(execFile);
const tsx = (script: string, env: Record<string, string>, args: string[] = []) =>
  run(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", script), ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    maxBuffer: 10 * 1024 * 1024,
  });

/**
 * The page as rendered, without what differs between two servers or two answers anyway: scripts
 * (the router's data carries the answer's time and the newest live-event id), the CSP nonce, the
 * server's own address.
 */
const normalize = (html: string, origin: string) =>
  html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/ nonce="[^"]*"/g, "")
    .replaceAll(origin, "ORIGIN");

describe.skipIf(!onPostgres || !built)("moving from the embedded database to Postgres", () => {
  const embeddedDir = tempDataDir("mm-drill-embedded");
  const postgresDir = tempDataDir("mm-drill-postgres");
  const dbName = `drill_${randomUUID().replace(/-/g, "").slice(0, 10)}`;
  const base = process.env.TEST_DATABASE_URL ?? "";
  const url = (() => {
    const u = new URL(base || "postgres://x/y");
    u.pathname = `/${dbName}`;
    return u.toString();
  })();
  const servers: BuiltServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
    removeDir(embeddedDir);
    removeDir(postgresDir);
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
  });

  it("a backup of the running embedded site restored into Postgres serves the same pages and tracking results", async () => {
    const common = {
      SEED_DEMO: "true",
      BACKUP_HOUR: "off",
      TRACKING_LOOKUPS_PER_MINUTE: "0",
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "admin-pass-123456",
      DATABASE_URL: "",
    };
    const embedded = await startServer({ ...common, DATA_DIR: embeddedDir }, { output: "ignore" });
    servers.push(embedded);

    const backup = await tsx("backup.ts", { DATA_DIR: embeddedDir, DATABASE_URL: "" });
    const file = /Copia creada por el servidor en marcha: (\S+)/.exec(backup.stdout)?.[1];
    expect(file, backup.stdout + backup.stderr).toBeTruthy();

    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const restore = await tsx("restore.ts", { DATA_DIR: postgresDir, DATABASE_URL: url }, [file as string]);
    expect(restore.stdout).toMatch(/Restauración completa: .* verificados\./);

    const onPg = await startServer(
      { ...common, DATA_DIR: postgresDir, DATABASE_URL: url },
      { output: "ignore" },
    );
    servers.push(onPg);

    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const tracking = (await c.query<{ t: string }>("select tracking_number as t from orders order by 1"))
      .rows;
    await c.end();
    expect(tracking.length).toBeGreaterThan(0);

    const pages = [
      "/",
      "/tienda",
      "/nosotros",
      "/servicios",
      ...tracking.map((r) => `/seguimiento?numero=${r.t}`),
    ];
    for (const p of pages) {
      const [a, b] = await Promise.all([fetch(embedded.url + p), fetch(onPg.url + p)]);
      expect(b.status, p).toBe(a.status);
      expect(normalize(await b.text(), onPg.url), p).toBe(normalize(await a.text(), embedded.url));
    }
    // A tracking result is the order itself (a number not found answers 404).
    const one = await fetch(`${onPg.url}/seguimiento?numero=${tracking[0]?.t}`);
    expect(one.status).toBe(200);
    expect(await one.text()).toContain(tracking[0]?.t);

    // The pictures came along.
    const pic = /\/files\/product-images\/[^"?\s)]+/.exec(
      await (await fetch(`${embedded.url}/tienda`)).text(),
    )?.[0];
    expect(pic).toBeTruthy();
    const [x, y] = await Promise.all([fetch(embedded.url + pic), fetch(onPg.url + pic)]);
    expect(y.status).toBe(200);
    expect(Buffer.from(await y.arrayBuffer()).equals(Buffer.from(await x.arrayBuffer()))).toBe(true);
  }, 600_000);
});
