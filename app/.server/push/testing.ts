import { createRequire } from "node:module";
import getPort from "get-port";

/**
 * A local push service for tests (the web-push-testing package): browsers' subscriptions are
 * made by its client API, it checks the VAPID signature, decrypts what it receives and keeps it.
 * Only the push service is local: keys, encryption and the HTTP exchange are real.
 */

const require = createRequire(import.meta.url);

export type LocalPushService = {
  url: string;
  /** A subscription as a browser's PushSubscription.toJSON() gives it, plus its handle here. */
  subscribe(applicationServerKey: string): Promise<{
    endpoint: string;
    keys: { p256dh: string; auth: string };
    clientHash: string;
  }>;
  /** What the subscription received, decrypted, oldest first. */
  messages(clientHash: string): Promise<unknown[]>;
  /** The browser went away: the push service answers 410 from now on. */
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
};

export async function startLocalPushService(): Promise<LocalPushService> {
  const Server = require("web-push-testing/src/server.js");
  const { PushApiModel } = require("web-push-testing/src/PushApiModel.js");
  const port = await getPort({ host: "127.0.0.1" });
  const server = new Server(new PushApiModel(), port);
  const log = console.log;
  console.log = () => {};
  try {
    server.startServer();
  } finally {
    console.log = log;
  }
  await new Promise<void>((resolve) => {
    if (server._server.listening) resolve();
    else server._server.once("listening", () => resolve());
  });
  const url = `http://localhost:${port}`;
  const post = async (path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`push service ${path}: ${res.status} ${text}`);
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  };
  return {
    url,
    async subscribe(applicationServerKey) {
      const { data } = await post("/subscribe", { userVisibleOnly: "true", applicationServerKey });
      return data;
    },
    async messages(clientHash) {
      const { data } = await post("/get-notifications", { clientHash });
      return (data.messages as string[]).map((m) => JSON.parse(m));
    },
    async expire(clientHash) {
      await post(`/expire-subscription/${clientHash}`);
    },
    close: () => new Promise<void>((resolve) => server._server.close(() => resolve())),
  };
}
