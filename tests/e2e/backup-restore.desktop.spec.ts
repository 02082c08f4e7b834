import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import getPort from "get-port";
import { siteDataDir } from "../../scripts/built-server.mjs";
import { CREDENTIALS, submitLoginForm } from "./fixtures";
import { createOrder, gotoReady } from "./public-helpers";

// 'Restaurar' on 'Copias de seguridad' (issue 42, docs/decisions/0029): the owner restores a copy
// from the dashboard and the site comes back by itself. This spec runs its OWN site under the
// supervisor of `npm start` (scripts/start.mjs), not the worker's fixture server: the restore ends
// the site's process, and only a supervised one is started again. It shares nothing with the
// other specs (its own port and DATA_DIR, a copy of the demo shop).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const HOST = "127.0.0.1";
// A start with the demo shop takes up to ~20 s on a loaded machine; `npm start` may also rebuild.
const STARTUP_TIMEOUT_MS = 300_000;

type Site = { url: string; child: ChildProcess; dataDir: string; output: () => string };
let site: Site;

async function healthStatus(url: string): Promise<number> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

async function startSupervisedSite(): Promise<Site> {
  const port = await getPort({ host: HOST });
  const dataDir = await siteDataDir("e2e-restore");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    BACKUP_HOUR: "off",
    ADMIN_EMAIL: CREDENTIALS.admin.email,
    ADMIN_PASSWORD: CREDENTIALS.admin.password,
    OPERATOR_EMAIL: CREDENTIALS.operador.email,
    OPERATOR_PASSWORD: CREDENTIALS.operador.password,
  };
  delete env.DATABASE_URL;
  delete env.STORAGE_DRIVER;
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString("utf8")).slice(-1_000_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const url = `http://${HOST}:${port}`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while ((await healthStatus(url)) !== 200) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the supervised site exited with ${child.exitCode ?? child.signalCode}:\n${text}`);
    if (Date.now() > deadline) throw new Error(`the supervised site did not start:\n${text}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, child, dataDir, output: () => text };
}

/** SIGTERM to the supervisor (it passes it on), SIGKILL to both if they do not stop. */
async function stopSupervisedSite(s: Site): Promise<void> {
  const { child } = s;
  if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
    const exited = new Promise<void>((r) => child.once("exit", () => r()));
    process.kill(child.pid, "SIGTERM");
    const stopped = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 15_000)),
    ]);
    if (!stopped) {
      // The site's own process holds the database folder's lock and wrote its PID there.
      const pid = Number(fs.readFileSync(path.join(s.dataDir, "db.lock"), "utf8").trim() || 0);
      for (const p of [pid, child.pid]) {
        try {
          if (p) process.kill(p, "SIGKILL");
        } catch {}
      }
    }
  }
  fs.rmSync(s.dataDir, { recursive: true, force: true, maxRetries: 3 });
}

async function signIn(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/admin-login/);
  await submitLoginForm(page, CREDENTIALS.admin);
  await page.waitForURL((u) => !u.pathname.startsWith("/admin-login"));
}

test.describe.configure({ mode: "serial", timeout: 420_000 });

test.beforeAll(async () => {
  test.setTimeout(STARTUP_TIMEOUT_MS + 30_000);
  site = await startSupervisedSite();
});

test.afterAll(async () => {
  if (site) await stopSupervisedSite(site);
});

test.describe("restoring a backup from 'Copias de seguridad'", () => {
  let context: BrowserContext;
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext({ baseURL: site.url, viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });
  test.afterAll(async () => {
    await context?.close();
  });

  test("brings the site back with the copy's data: the later order is gone, the copy made before is listed", {
    tag: "@any-screen",
  }, async () => {
    await page.goto("/admin-login");
    await signIn(page);

    // A copy of the demo shop, then an order it does not have.
    await gotoReady(page, "/admin/backups");
    await page.getByRole("button", { name: "Crear copia ahora" }).click();
    const main = page.locator("main");
    await expect(main.getByText("Completa").filter({ visible: true }).first()).toBeVisible({
      timeout: 150_000,
    });
    const customer = `Después de la copia ${Date.now()}`;
    await createOrder(context.request, customer);
    await gotoReady(page, `/admin/orders?q=${encodeURIComponent(customer)}`);
    await expect(page.getByText(customer, { exact: true }).filter({ visible: true }).first()).toBeVisible();

    // 'Restaurar' on the newest copy: the confirmation step says what it holds.
    await gotoReady(page, "/admin/backups");
    await page
      .getByRole("link", { name: /^Restaurar la copia del / })
      .filter({ visible: true })
      .first()
      .click();
    const ask = page.getByRole("region", { name: /^¿Restaurar la copia del .+\?$/ });
    await expect(ask).toBeVisible({ timeout: 60_000 });
    await expect(ask).toContainText(/Contiene \d+ pedidos, \d+ productos, \d+ conversaciones y \d+ fotos\./);
    // The answer comes once the copy of the current data is made (6 s on this machine, more under load).
    await ask.getByRole("button", { name: "Sí, restaurar" }).click({ timeout: 180_000 });

    // The answer: the site restarts (after the copy of the current data was made).
    await expect(page.getByRole("heading", { name: /^Restaurando la copia del / })).toBeVisible({
      timeout: 180_000,
    });
    // The supervisor starts the site again; meanwhile the port says 'Volvemos en un momento'.
    const maintenance: { retryAfter: string | null; body: string }[] = [];
    await expect
      .poll(
        async () => {
          // Read before asking: a 200 after the supervisor said so comes from the new process.
          const restarted = site.output().includes("[start] El sitio pidió reiniciarse");
          const res = await fetch(`${site.url}/admin/backups`, {
            redirect: "manual",
            signal: AbortSignal.timeout(2_000),
          }).catch(() => null);
          if (res?.status === 503)
            maintenance.push({ retryAfter: res.headers.get("retry-after"), body: await res.text() });
          else await res?.arrayBuffer();
          return restarted ? await healthStatus(site.url) : -1;
        },
        { timeout: 240_000, intervals: [200] },
      )
      .toBe(200);
    expect(maintenance.length).toBeGreaterThan(0);
    expect(maintenance[0]?.retryAfter).toBeTruthy();
    expect(maintenance[0]?.body).toContain("Volvemos en un momento");
    expect(site.child.exitCode).toBeNull();

    // The restart page reloads itself into the list; everyone signs in again.
    await expect(page).toHaveURL(/\/admin-login/, { timeout: 60_000 });
    await signIn(page);
    await expect(page).toHaveURL(/\/admin\/backups/);
    await expect(page.getByRole("status").filter({ hasText: /^Copia del .+ restaurada\.$/ })).toBeVisible();
    await expect(main.getByText("Antes de restaurar").filter({ visible: true }).first()).toBeVisible();

    await gotoReady(page, `/admin/orders?q=${encodeURIComponent(customer)}`);
    await expect(page.getByText("No se encontraron pedidos.")).toBeVisible();
    await expect(page.getByText(customer, { exact: true })).toHaveCount(0);
  });

  test("refuses an uploaded archive that is not a whole copy, and changes nothing", {
    tag: "@any-screen",
  }, async () => {
    await gotoReady(page, "/admin/backups");
    const downloads = page.getByRole("link", { name: /^Descargar la copia/ }).filter({ visible: true });
    const before = await downloads.count();
    expect(before).toBeGreaterThan(0);

    await page.getByLabel("Archivo de la copia").setInputFiles({
      name: "minimarket-2026-11-20-080000Z.tar.gz",
      mimeType: "application/gzip",
      buffer: Buffer.from("esto no es una copia de seguridad"),
    });
    await page.getByRole("button", { name: "Subir y comprobar" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: /^No se puede usar este archivo: .+ No se cambió nada\.$/ }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("region", { name: /^¿Restaurar/ })).toHaveCount(0);
    await expect(page.getByText("Se está restaurando una copia")).toHaveCount(0);
    await expect(downloads).toHaveCount(before);
    expect(fs.readdirSync(path.join(site.dataDir, "restore", "uploads"))).toEqual([]);
    expect(fs.existsSync(path.join(site.dataDir, "restore", "pending.json"))).toBe(false);
    expect(await healthStatus(site.url)).toBe(200);
  });
});
