import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createSiteContentCache } from "../content/site";
import { mailQueue } from "../db/schema";
import { testLogger } from "../testing/db";
import { setupTestDatabase } from "../testing/setup";
import { startSmtpServer, type TestSmtpServer } from "../testing/smtp";
import { backoffMs, createTransport, type Mailer, startMailer } from "./mailer";
import { findMail, queueMail, requeue } from "./queue";

const h = setupTestDatabase({ seed: true, bus: true });
let smtp: TestSmtpServer;
const mailers: Mailer[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  for (const m of mailers) m.stop();
  await smtp.close();
});

function mailer(env: Record<string, string> = {}) {
  const config = loadConfig({ PUBLIC_URL: "https://tienda.example", MAIL_TIMEOUT_SECONDS: "5", ...env });
  const siteContent = createSiteContentCache({ db: h.db, bus: h.bus, logger: testLogger });
  const m = startMailer({ db: h.db, config, logger: testLogger, siteContent });
  mailers.push(m);
  return m;
}

const update = (trackingNumber: string) => ({
  kind: "parcel.update" as const,
  to: "Rosa@Example.com",
  params: {
    trackingNumber,
    status: "en_reparto" as const,
    note: "Llegó a Managua <b>hoy</b>",
    place: "Managua",
    at: "2026-11-20T15:00:00.000Z",
    unsubscribeToken: "tok123",
  },
});

describe("the mail queue", () => {
  it("sends a queued message through SMTP once, with its plain text, unsubscribe header and escaped text", async () => {
    const m = mailer({ SMTP_URL: smtp.url, MAIL_FROM: "Mini Market <hola@tienda.example>" });
    const id = await queueMail(h.db, update("TRK-2026-AAA111"));
    await m.drain();
    const [mail] = smtp.to("rosa@example.com");
    expect(mail?.subject).toBe("Tu envío TRK-2026-AAA111: En reparto");
    expect(mail?.from?.value[0]).toMatchObject({ name: "Mini Market", address: "hola@tienda.example" });
    expect(mail?.text).toContain("Llegó a Managua <b>hoy</b>");
    // What the visitor typed is text in the HTML, never markup.
    expect(mail?.html).toContain("Llegó a Managua &lt;b&gt;hoy&lt;/b&gt;");
    expect(mail?.html).toContain('href="https://tienda.example/seguimiento?numero=TRK-2026-AAA111"');
    // mailparser gathers the List-* headers under 'list'.
    expect(mail?.headers.get("list")).toMatchObject({
      unsubscribe: { url: "https://tienda.example/correo/baja/tok123" },
      "unsubscribe-post": { name: "List-Unsubscribe=One-Click" },
    });
    const row = await findMail(h.db, id ?? 0);
    expect(row).toMatchObject({
      state: "sent",
      attempts: 1,
      subject: "Tu envío TRK-2026-AAA111: En reparto",
    });
    await m.drain();
    expect(smtp.to("rosa@example.com")).toHaveLength(1);
    m.stop();
  });

  it("keeps a message in the outbox, rendered, when no mail server is configured", async () => {
    const m = mailer();
    expect(m.sending).toBe(false);
    const id = await queueMail(h.db, update("TRK-2026-BBB222"));
    await m.drain();
    const row = await findMail(h.db, id ?? 0);
    expect(row?.state).toBe("held");
    expect(row?.html).toContain("TRK-2026-BBB222");
    expect(row?.textBody).toContain("Ver el seguimiento");
    m.stop();
  });

  it("tries again later after a temporary refusal, and gives up at once on a permanent one", async () => {
    const m = mailer({ SMTP_URL: smtp.url });
    smtp.refuse(451, 550);
    const later = await queueMail(h.db, { ...update("TRK-2026-CCC333"), to: "temp@example.com" });
    await m.drain();
    const never = await queueMail(h.db, { ...update("TRK-2026-DDD444"), to: "nadie@example.com" });
    await m.drain();
    const a = await findMail(h.db, later ?? 0);
    expect(a).toMatchObject({ state: "queued", attempts: 1 });
    expect(a?.lastError).toContain("Inténtalo más tarde");
    expect(a?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + backoffMs(1) - 5000);
    const b = await findMail(h.db, never ?? 0);
    expect(b).toMatchObject({ state: "failed", attempts: 1 });
    expect(b?.lastError).toContain("Buzón inexistente");
    // 'Reenviar' puts it back in the queue; now the server takes it.
    expect(await requeue(h.db, never ?? 0)).toBe(true);
    await m.drain();
    expect(await findMail(h.db, never ?? 0)).toMatchObject({ state: "sent" });
    expect(smtp.to("nadie@example.com")).toHaveLength(1);
    await h.db.delete(mailQueue).where(eq(mailQueue.id, later ?? 0));
    m.stop();
  });

  it("sends each message once when two senders share the queue", async () => {
    const a = mailer({ SMTP_URL: smtp.url });
    const b = mailer({ SMTP_URL: smtp.url });
    for (let i = 0; i < 12; i++)
      await queueMail(h.db, { ...update(`TRK-2026-EEE${100 + i}`), to: "dos@example.com" });
    await Promise.all([a.drain(), b.drain()]);
    const subjects = smtp.to("dos@example.com").map((x) => x.subject);
    expect(subjects).toHaveLength(12);
    expect(new Set(subjects).size).toBe(12);
    a.stop();
    b.stop();
  });

  it("queues one message per key", async () => {
    const first = await queueMail(h.db, { ...update("TRK-2026-FFF555"), dedupeKey: "k1" });
    const second = await queueMail(h.db, { ...update("TRK-2026-FFF555"), dedupeKey: "k1" });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
  });

  it("reads SMTP_URL from the configuration only with PUBLIC_URL", () => {
    expect(() => loadConfig({ SMTP_URL: "smtp://x.example" })).toThrow(/PUBLIC_URL es obligatorio/);
    expect(() => loadConfig({ SMTP_URL: "http://x", PUBLIC_URL: "https://a.example" })).toThrow(/smtp:\/\//);
    expect(() => loadConfig({ MAIL_FROM: "no es correo" })).toThrow(/MAIL_FROM/);
    expect(createTransport(loadConfig({}))).toBeNull();
  });
});
