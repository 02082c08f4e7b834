import { inArray } from "drizzle-orm";
import webpush from "web-push";
import type { PushPayload } from "../../lib/push";
import type { Db } from "../db/client";
import type { PushOwnerKind } from "../db/schema";
import { pushSubscriptions } from "../db/schema";
import { InvalidInputError } from "../errors";
import type { Logger } from "../logger";
import { type AllowedHost, EndpointRefused, endpointAllowed, postToPushService } from "./endpoint";
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
  /** Hosts beyond the browsers' push services (PUSH_ALLOWED_HOSTS; the tests' local push service). */
  allowedHosts?: AllowedHost[];
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

class PushRefused extends Error {
  constructor(readonly statusCode: number) {
    super(`push service answered ${statusCode}`);
  }
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

  const allowed = opts.allowedHosts ?? [];
  function checkEndpoint(endpoint: string) {
    if (!endpointAllowed(endpoint, allowed)) throw new InvalidInputError("push-endpoint");
  }

  /** Posts what web-push prepared (VAPID header, aes128gcm body) to the checked, pinned address. */
  async function send(details: webpush.RequestDetails): Promise<void> {
    const status = await postToPushService(
      {
        endpoint: details.endpoint,
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body as Buffer,
      },
      allowed,
    );
    if (status < 200 || status > 299) throw new PushRefused(status);
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
          const refused = err instanceof InvalidInputError || err instanceof EndpointRefused;
          if (status === 404 || status === 410 || refused) {
            gone.push(s.id);
            report.removed++;
          } else {
            report.failed++;
            logger.warn({ err: (err as Error).message, status }, "push: could not send a notification");
          }
        }
      }),
    );
    // Kept, marked: nothing more is sent, and the opt-in's status stays what its browser chose.
    if (gone.length > 0)
      await db
        .update(pushSubscriptions)
        .set({ goneAt: new Date() })
        .where(inArray(pushSubscriptions.id, gone));
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
