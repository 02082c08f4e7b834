import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import getPort from "get-port";
import { startSmtpServer, type TestSmtpServer } from "../../app/.server/testing/smtp";
import {
  CREDENTIALS,
  createDatabase,
  createInstance,
  type Instance,
  instanceEnv,
  query,
} from "../../scripts/topology/topology.mjs";
import { expect, test } from "./fixtures";

// The mail queue across a crash and two instances (issue 40): two instances of the built site on one
// Postgres database, sending through a real SMTP server in this process. Each message arrives once.

let smtp: TestSmtpServer;
let databaseUrl: string;
let dir: string;
const instances: Instance[] = [];

test.beforeAll(async () => {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set (use node scripts/topology/run.mjs)");
  smtp = await startSmtpServer();
  databaseUrl = await createDatabase(postgresUrl, "mail");
  dir = mkdtempSync(path.join(os.tmpdir(), "topology-mail-"));
  for (const name of ["mail-a", "mail-b"]) {
    const port = await getPort({ host: "127.0.0.1" });
    const env = {
      ...instanceEnv({
        port,
        dataDir: path.join(dir, name),
        databaseUrl,
        s3Url: "http://127.0.0.1:9",
        publicUrl: `http://127.0.0.1:${port}`,
      }),
      STORAGE_DRIVER: "local",
      SEED_DEMO: "false",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Mini Market <avisos@tienda.example>",
      // A stuck try ends in 2 s and its claim in 6 s: the test waits seconds, not minutes.
      MAIL_TIMEOUT_SECONDS: "2",
    };
    instances.push(createInstance({ name, port, env }));
  }
});

test.afterAll(async () => {
  for (const i of instances) await i.stop("SIGTERM");
  await smtp?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function signIn(
  playwright: { request: { newContext(o: object): Promise<APIRequestContext> } },
  i: Instance,
) {
  const api = await playwright.request.newContext({ baseURL: i.url });
  const res = await api.post("/admin-login", { form: { ...CREDENTIALS.admin }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  return api;
}

async function newParcel(api: APIRequestContext, customer: string, senderEmail: string) {
  const res = await api.post("/admin/orders", {
    form: {
      intent: "create",
      customerName: customer,
      customerPhone: "+505 8888 7777",
      customerAddress: "Barrio Martha Quezada, Managua",
      orderDescription: "Caja 22x22x22 con ropa",
      senderName: "Rosa Pérez",
      senderEmail,
    },
  });
  expect(res.status()).toBe(200);
}

const receipts = (to: string) => smtp.to(to).filter((m) => m.subject?.startsWith("Recibimos tu envío"));

test("a message whose sender was killed mid-send is sent once after the restart; two instances send each message once", async ({
  playwright,
}) => {
  test.setTimeout(180_000);
  const [a, b] = instances as [Instance, Instance];
  await a.start();
  const apiA = await signIn(playwright, a);

  // The mail server takes the message's data and never answers: the instance is killed meanwhile.
  smtp.holdNext();
  await newParcel(apiA, "Cliente Interrumpido", "corte@example.com");
  await expect.poll(() => smtp.holding(), { timeout: 15_000 }).toBe(true);
  await a.stop("SIGKILL");
  const [row] = await query(databaseUrl, "select state, attempts from mail_queue where to_address = $1", [
    "corte@example.com",
  ]);
  expect(row).toMatchObject({ state: "sending", attempts: 1 });
  expect(receipts("corte@example.com")).toHaveLength(0);

  // Both start: whichever claims it once the dead sender's claim ended sends it, once.
  await Promise.all([a.start(), b.start()]);
  await expect.poll(() => receipts("corte@example.com").length, { timeout: 30_000 }).toBe(1);

  // Twenty parcels made through both instances: twenty receipts, one each.
  const apiA2 = await signIn(playwright, a);
  const apiB = await signIn(playwright, b);
  for (let n = 0; n < 20; n++)
    await newParcel(n % 2 ? apiB : apiA2, `Cliente ${n}`, `remitente${n}@example.com`);
  await expect
    .poll(() => smtp.received.filter((m) => m.subject?.startsWith("Recibimos tu envío")).length, {
      timeout: 30_000,
    })
    .toBe(21);
  for (let n = 0; n < 20; n++) expect(receipts(`remitente${n}@example.com`)).toHaveLength(1);
  const states = await query(databaseUrl, "select state, count(*)::int as n from mail_queue group by state");
  expect(states).toEqual([{ state: "sent", n: 21 }]);
  expect(receipts("corte@example.com")).toHaveLength(1);
  for (const api of [apiA, apiA2, apiB]) await api.dispose();
});
