import { useCallback, useEffect, useState } from "react";
import { PUSH_TEXTS } from "./push-texts";

/**
 * The browser half of Web Push (ADR 0014): the service worker (public/sw.js), this browser's one
 * subscription (shared by staff notifications and followed orders: opting out of one owner only
 * tells the server, the browser keeps its subscription for the others), and the opt-in button's state.
 */

export type PushState = "unsupported" | "checking" | "off" | "on" | "denied" | "disabled";

const supported = () =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window &&
  window.isSecureContext;

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

function base64UrlToBytes(s: string): Uint8Array<ArrayBuffer> {
  const pad = "=".repeat((4 - (s.length % 4)) % 4);
  const raw = atob((s + pad).replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function publicKey(): Promise<string | null> {
  const res = await fetch("/api/push/key", { credentials: "same-origin" });
  if (!res.ok) return null;
  return ((await res.json()) as { publicKey: string | null }).publicKey;
}

type Reply = { ok: boolean; message: string | null; extra?: { subscribed?: boolean } };

async function post(url: string, fields: Record<string, string>): Promise<Reply> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const res = await fetch(url, { method: "POST", body, credentials: "same-origin" });
  const reply = (await res.json().catch(() => null)) as Reply | null;
  return reply ?? { ok: false, message: PUSH_TEXTS.failed };
}

function subscriptionFields(sub: PushSubscription): Record<string, string> {
  const json = sub.toJSON();
  return { endpoint: json.endpoint ?? "", p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" };
}

/**
 * One owner's opt-in on this device: `url` is its route (/api/push/staff, /api/push/order) and
 * `fields` what else it needs (the tracking number). `notify` shows the outcome.
 */
export function usePushOptIn(
  url: string,
  fields: Record<string, string>,
  notify: (text: string, ok: boolean) => void,
) {
  const [state, setState] = useState<PushState>("checking");
  const [busy, setBusy] = useState(false);
  const key = JSON.stringify(fields);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the owner's fields
  useEffect(() => {
    let gone = false;
    (async () => {
      if (!supported()) return setState("unsupported");
      if (Notification.permission === "denied") return setState("denied");
      const reg = await navigator.serviceWorker.getRegistration("/");
      const sub = await reg?.pushManager.getSubscription();
      if (!sub) return setState("off");
      const reply = await post(url, { intent: "status", ...fields, endpoint: sub.endpoint });
      if (!gone) setState(reply.extra?.subscribed ? "on" : "off");
    })().catch(() => !gone && setState("off"));
    return () => {
      gone = true;
    };
  }, [url, key]);

  // One request at a time; whatever fails says so in the one failure text.
  const guarded = useCallback(
    async (task: () => Promise<void>) => {
      if (busy) return;
      setBusy(true);
      try {
        await task();
      } catch {
        notify(PUSH_TEXTS.failed, false);
      } finally {
        setBusy(false);
      }
    },
    [busy, notify],
  );

  const enable = useCallback(
    () =>
      guarded(async () => {
        if (!supported()) return setState("unsupported");
        const permission = await Notification.requestPermission();
        if (permission !== "granted") {
          setState(permission === "denied" ? "denied" : "off");
          return notify(PUSH_TEXTS.denied, false);
        }
        const serverKey = await publicKey();
        if (!serverKey) {
          setState("disabled");
          return notify(PUSH_TEXTS.disabled, false);
        }
        const reg = await registration();
        const sub =
          (await reg.pushManager.getSubscription()) ??
          (await reg.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: base64UrlToBytes(serverKey),
          }));
        const reply = await post(url, { intent: "subscribe", ...fields, ...subscriptionFields(sub) });
        if (reply.ok) setState("on");
        notify(reply.message ?? PUSH_TEXTS.failed, reply.ok);
      }),
    [guarded, url, fields, notify],
  );

  const disable = useCallback(
    () =>
      guarded(async () => {
        const reg = await navigator.serviceWorker.getRegistration("/");
        const sub = await reg?.pushManager.getSubscription();
        setState("off");
        // No subscription in this browser: nothing is sent to it anyway.
        if (!sub) return;
        const reply = await post(url, { intent: "unsubscribe", ...fields, endpoint: sub.endpoint });
        notify(reply.message ?? PUSH_TEXTS.failed, reply.ok);
      }),
    [guarded, url, fields, notify],
  );

  return { state, busy, enable, disable };
}
