import { inArray } from "drizzle-orm";
import webpush from "web-push";
import type { PushPayload } from "../../lib/push";
import type { Db } from "../db/client";
import type { PushOwnerKind } from "../db/schema";
import { pushSubscriptions } from "../db/schema";
import { InvalidInputError } from "../errors";
import type { Logger } from "../logger";
import { ensureVapidKeys, type VapidKeys } from "./keys";
import { claimDeliveries, subscriptionsOf } from "./subscriptions";

/**
 * The one Web Push service (ADR 0014): VAPID keys from the database, each notification sent
 * once per owner (claimed in push_deliveries), subscriptions the push service says are gone
 * (404/410) removed. Callers do not wait for it on a visitor's request: see notifier.ts.
 */

export type PushOptions = {
  enabled: boolean;
  /** VAPID subject: an https: URL or a mailto: address. */
  subject: string;
  /** Plain-http and local endpoints are accepted only for tests (a local push service). */
  allowLocalEndpoints?: boolean;
  /** How long the push service keeps a notification for an offline device. */
  ttlSeconds?: number;
};

export type PushService = {
  readonly enabled: boolean;
  /** The public key browsers subscribe with (null when push is turned off). */
  publicKey(): Promise<string | null>;
  /** Refuses an endpoint that is not a push service's address (InvalidInputError). */
  checkEndpoint(endpoint: string): void;
  /** Sends `payload` to every subscription of these owners that has not had `key` yet. */
  notify(kind: PushOwnerKind, ownerIds: string[], key: string, payload: PushPayload): Promise<SendReport>;
};

export type SendReport = { sent: number; removed: number; failed: number };

const LOCAL_HOST =
  /^(localhost|.*\.localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|\[.*\])$/i;

class PushRefused extends Error {
  constructor(readonly statusCode: number) {
    super(`push service answered ${statusCode}`);
  }
}

/**
 * Posts what web-push prepared (VAPID header, aes128gcm body). Our own request rather than
 * web-push's, so the local push service of the tests (plain http) is reachable too.
 */
async function send(details: webpush.RequestDetails): Promise<void> {
  const res = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body as unknown as BodyInit,
    signal: AbortSignal.timeout(10_000),
    redirect: "error",
  });
  await res.body?.cancel();
  if (res.status < 200 || res.status > 299) throw new PushRefused(res.status);
}

export function createPushService(deps: { db: Db; logger: Logger }, opts: PushOptions): PushService {
  const { db, logger } = deps;
  let keys: Promise<VapidKeys> | null = null;
  const vapid = () => {
    keys ??= ensureVapidKeys(db).catch((err) => {
      keys = null;
      throw err;
    });
    return keys;
  };

  function checkEndpoint(endpoint: string) {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw new InvalidInputError("push-endpoint");
    }
    if (opts.allowLocalEndpoints) {
      if (url.protocol !== "https:" && url.protocol !== "http:") throw new InvalidInputError("push-endpoint");
      return;
    }
    // The server posts to this address: never to plain http, an address literal or this network.
    if (url.protocol !== "https:" || LOCAL_HOST.test(url.hostname) || /^[\d.]+$/.test(url.hostname))
      throw new InvalidInputError("push-endpoint");
  }

  async function notify(kind: PushOwnerKind, ownerIds: string[], key: string, payload: PushPayload) {
    const report: SendReport = { sent: 0, removed: 0, failed: 0 };
    if (!opts.enabled || ownerIds.length === 0) return report;
    const subs = await subscriptionsOf(db, kind, [...new Set(ownerIds)]);
    if (subs.length === 0) return report;
    const owners = new Set(await claimDeliveries(db, kind, [...new Set(subs.map((s) => s.ownerId))], key));
    const due = subs.filter((s) => owners.has(s.ownerId));
    if (due.length === 0) return report;
    const { publicKey, privateKey } = await vapid();
    const body = JSON.stringify(payload);
    const gone: string[] = [];
    const delivered: string[] = [];
    await Promise.all(
      due.map(async (s) => {
        try {
          checkEndpoint(s.endpoint);
          await send(
            webpush.generateRequestDetails(
              { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
              body,
              {
                vapidDetails: { subject: opts.subject, publicKey, privateKey },
                TTL: opts.ttlSeconds ?? 24 * 3600,
                urgency: "high",
              },
            ),
          );
          delivered.push(s.id);
          report.sent++;
        } catch (err) {
          const status = (err as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410 || err instanceof InvalidInputError) {
            gone.push(s.id);
            report.removed++;
          } else {
            report.failed++;
            logger.warn({ err: (err as Error).message, status }, "push: could not send a notification");
          }
        }
      }),
    );
    if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    if (delivered.length > 0)
      await db
        .update(pushSubscriptions)
        .set({ lastSentAt: new Date() })
        .where(inArray(pushSubscriptions.id, delivered));
    return report;
  }

  return {
    enabled: opts.enabled,
    async publicKey() {
      return opts.enabled ? (await vapid()).publicKey : null;
    },
    checkEndpoint,
    notify,
  };
}
