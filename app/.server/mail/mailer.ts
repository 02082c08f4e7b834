import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { hslToHex } from "../../lib/colors";
import type { MailKind } from "../../lib/mail";
import { formatPhone } from "../../lib/phone-links";
import type { Config } from "../config";
import type { SiteContentCache } from "../content/site";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { Brand } from "./messages/frame";
import type { MailParamsOf } from "./messages/params";
import { anyDue, claimDue, finish, keepRendered, type MailRow, retryLater } from "./queue";

/** Tries before a message counts as failed: the last about a day after the first. */
export const MAX_ATTEMPTS = 8;
/** How often a sender looks for due messages (queued here or by another instance, or retries). */
const POLL_MS = 3000;

/** 1, 2, 4 … 64 minutes, then 3 hours: the wait after the n-th failed try. */
export const backoffMs = (attempts: number) => (attempts >= 7 ? 3 * 3600_000 : 60_000 * 2 ** (attempts - 1));

export type Mailer = {
  /** True when SMTP_URL is set: messages leave; otherwise they wait in the outbox ('held'). */
  readonly sending: boolean;
  /** The origin every link in a message points to (PUBLIC_URL). */
  readonly origin: string;
  /** Looks for due messages now (after a change queued one) instead of at the next poll. */
  kick(): void;
  /** Resolves once nothing due is left (tests, and the process's end). */
  drain(): Promise<void>;
  stop(): void;
};

type MailerDeps = { db: Db; config: Config; logger: Logger; siteContent: SiteContentCache };

export function mailOrigin(config: Pick<Config, "PUBLIC_URL" | "PORT">): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
}

/** nodemailer's transport for SMTP_URL, each wait bounded by MAIL_TIMEOUT_SECONDS. */
export function createTransport(
  config: Pick<Config, "SMTP_URL" | "MAIL_TIMEOUT_SECONDS">,
): Transporter | null {
  if (!config.SMTP_URL) return null;
  const timeout = config.MAIL_TIMEOUT_SECONDS * 1000;
  return nodemailer.createTransport({
    url: config.SMTP_URL,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } satisfies SMTPTransport.Options);
}

/**
 * The background sender: every instance runs one. It claims due messages (queue.ts), renders a
 * message at its first try, and sends it through SMTP_URL; without one it keeps the message in
 * the outbox ('held'). A refusal for good (5xx) fails the message at once; anything else is tried
 * again later (backoffMs), up to MAX_ATTEMPTS.
 */
export function startMailer(deps: MailerDeps, opts: { transport?: Transporter | null } = {}): Mailer {
  const { db, config, logger } = deps;
  const transport = opts.transport !== undefined ? opts.transport : createTransport(config);
  const origin = mailOrigin(config);
  // A claim lasts as long as the slowest answer a try may wait for (connect, greeting, data).
  const leaseMs = config.MAIL_TIMEOUT_SECONDS * 3000;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function brand(): Promise<Brand> {
    const { text, settings } = await deps.siteContent.get();
    return {
      siteName: settings.siteName,
      origin,
      logoUrl: settings.logoUrl ? new URL(settings.logoUrl, origin).toString() : null,
      primary: hslToHex(settings.colors.primary),
      address: text.contactAddress,
      phone: formatPhone(text.contactPhone),
      timeZone: config.TIME_ZONE,
    };
  }

  async function deliver(row: MailRow, b: Brand) {
    let rendered =
      row.html && row.subject ? { subject: row.subject, html: row.html, text: row.textBody ?? "" } : null;
    const params = row.params as MailParamsOf[MailKind];
    // Loaded with the first message, not at start-up: React Email's components pull in a syntax
    // highlighter (prismjs) whose loading was a tenth of a server start's main-thread time.
    const { renderMail } = await import("./messages/render");
    const made = await renderMail(row.kind, params, b);
    if (!rendered) {
      rendered = made;
      await keepRendered(db, row.id, rendered);
    }
    if (!transport) return finish(db, row.id, "held");
    const host = new URL(origin).hostname;
    try {
      await transport.sendMail({
        from: config.MAIL_FROM ?? { name: b.siteName, address: `no-responder@${host}` },
        to: row.toAddress,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        // The same id at every try: a mail server that got it twice can tell.
        messageId: `<mail-${row.id}@${host}>`,
        ...(made.unsubscribeUrl
          ? {
              list: { unsubscribe: made.unsubscribeUrl },
              headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
            }
          : {}),
      });
      await finish(db, row.id, "sent");
    } catch (err) {
      const e = err as { responseCode?: number; response?: string; message?: string };
      const answer = e.response ?? e.message ?? String(err);
      const permanent = typeof e.responseCode === "number" && e.responseCode >= 500;
      if (permanent || row.attempts >= MAX_ATTEMPTS) {
        logger.warn({ mailId: row.id, answer }, "mail: message failed");
        await finish(db, row.id, "failed", answer);
      } else {
        logger.info({ mailId: row.id, answer, attempts: row.attempts }, "mail: try failed, will try again");
        await retryLater(db, row.id, backoffMs(row.attempts), answer);
      }
    }
  }

  async function round() {
    do {
      again = false;
      const rows = await claimDue(db, leaseMs);
      if (rows.length === 0) break;
      const b = await brand();
      for (const row of rows) {
        if (stopped) return;
        await deliver(row, b).catch((err) => logger.error({ err, mailId: row.id }, "mail: try failed"));
      }
      again = true;
    } while (again && !stopped);
  }

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round()
      .catch((err) => logger.warn({ err }, "mail: sender round failed"))
      .finally(() => {
        running = null;
      });
  }

  const timer = setInterval(() => {
    if (!running)
      void anyDue(db).then(
        (due) => due && kick(),
        () => {},
      );
  }, POLL_MS);
  timer.unref();

  return {
    sending: !!transport,
    origin,
    kick,
    async drain() {
      for (;;) {
        kick();
        await running;
        if (stopped || !(await anyDue(db))) return;
      }
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      transport?.close();
    },
  };
}
