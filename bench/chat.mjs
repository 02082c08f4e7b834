// Live chat under load on one process (embedded database): N visitors each with an open stream,
// staff replies delivered to them, visitor messages persisted.
//   npm run build && node bench/chat.mjs [--visitors 1000] [--replies 500] [--messages 2000]
// Prints staff → visitor delivery latency p50/p95/p99, visitor messages persisted per second and
// server memory (RSS) before and with every stream open. Loopback only; bounded in time.
//   --profile DIR [--profile-phase create|streams|replies|messages]: the server runs with --cpu-prof
//   and DIR.skip marks where that phase (default: messages) starts, so that
//   `node bench/profile-top.mjs DIR` counts that phase only.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { argText, cpuProfile, ms, ROOT, startServer, tempDataDir } from "./lib.mjs";
import { cpuMs, RSS_AFTER_LOAD, rssMb, rssRecovery, summary } from "./report.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const VISITORS = arg("visitors", 1000);
const REPLIES = arg("replies", 500);
const MESSAGES = arg("messages", 2000);
const PROFILE_PHASE = argText("profile-phase") ?? "messages";

const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
// Each visitor appears to come from its own address (TRUST_PROXY=loopback: the bench is the
// proxy), as real visitors do.
const ipOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function pool(n, concurrency, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

// The server's CPU time per operation since `before` (ms, from /proc): steadier than rates on a
// busy machine.
const cpuPer = (before, n) => {
  const now = cpuMs(server.pid);
  return before === null || now === null ? null : Math.round(((now - before) / n) * 100) / 100;
};

const loadAtStart = os.loadavg()[0];
const dataDir = tempDataDir("chat");
const profile = cpuProfile(argText("profile"));
const server = await startServer(
  {
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    TRUST_PROXY: "loopback",
    OPERATOR_EMAIL: "bench@example.com",
    OPERATOR_PASSWORD: "bench-pass-123",
  },
  { nodeArgs: profile.nodeArgs },
);
// Marks where the profiled phase starts (read by profile-top.mjs).
const phase = (name) => {
  if (name === PROFILE_PHASE) profile.mark();
};
const { url } = server;
const streams = [];
try {
  const rssIdle = rssMb(server.pid);
  // 1. Visitors start conversations (first message, secret issued).
  phase("create");
  const visitors = [];
  let t = performance.now();
  let cpu = cpuMs(server.pid);
  await pool(VISITORS, 50, async (i) => {
    const clientId = `session_${Date.now()}_bench${i.toString(36).padStart(6, "0")}`;
    const res = await fetch(`${url}/api/chat/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ipOf(i) },
      body: JSON.stringify({
        clientId,
        clientMessageId: randomUUID(),
        message: `Hola, soy el visitante ${i}`,
      }),
    });
    if (res.status !== 201) throw new Error(`first message answered ${res.status}: ${await res.text()}`);
    visitors[i] = { clientId, secret: (await res.json()).secret, ip: ipOf(i) };
  });
  const createSeconds = (performance.now() - t) / 1000;
  const createCpuMs = cpuPer(cpu, VISITORS);
  const rssBefore = rssMb(server.pid);

  // 2. Every visitor opens its live stream.
  phase("streams");
  const sent = new Map();
  const latencies = [];
  await pool(VISITORS, 100, async (i) => {
    const v = visitors[i];
    const ctrl = new AbortController();
    const res = await fetch(`${url}/events/chat/${v.clientId}?secret=${encodeURIComponent(v.secret)}`, {
      headers: { "x-forwarded-for": v.ip },
      signal: ctrl.signal,
    });
    if (res.status !== 200) throw new Error(`stream answered ${res.status}`);
    streams.push(ctrl);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let ready;
    const isReady = new Promise((r) => {
      ready = r;
    });
    (async () => {
      let buf = "";
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ done: true }));
        if (done) return;
        buf += value;
        if (buf.includes("event: ready")) ready();
        for (const m of buf.matchAll(/\[bench:(\w+)\]/g)) {
          const start = sent.get(m[1]);
          if (start !== undefined) {
            latencies.push(performance.now() - start);
            sent.delete(m[1]);
          }
        }
        buf = buf.slice(buf.lastIndexOf("\n\n") + 1);
      }
    })();
    await isReady;
  });
  await new Promise((r) => setTimeout(r, 1000));
  const rssStreams = rssMb(server.pid);

  // 3. Staff sign in and reply to random visitors; each reply is timed until its stream shows it.
  phase("replies");
  const login = await fetch(`${url}/admin-login`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ email: "bench@example.com", password: "bench-pass-123" }),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  if (!cookie.startsWith("mm_session=")) throw new Error(`login failed (${login.status})`);
  t = performance.now();
  await pool(REPLIES, 10, async (n) => {
    const v = visitors[(n * 7919) % VISITORS];
    const key = `r${n}`;
    sent.set(key, performance.now());
    const res = await fetch(`${url}/admin/chat.data`, {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({
        intent: "reply",
        clientId: v.clientId,
        message: `Respuesta [bench:${key}]`,
      }),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`reply answered ${res.status}`);
  });
  const repliesSeconds = (performance.now() - t) / 1000;
  const deadline = Date.now() + 10_000;
  while (sent.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const rssAfter = rssMb(server.pid);

  // 4. Visitor messages persisted per second (concurrent senders, each with its secret).
  phase("messages");
  t = performance.now();
  cpu = cpuMs(server.pid);
  await pool(MESSAGES, 50, async (n) => {
    const v = visitors[n % VISITORS];
    const res = await fetch(`${url}/api/chat/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-chat-secret": v.secret, "x-forwarded-for": v.ip },
      body: JSON.stringify({ clientId: v.clientId, clientMessageId: randomUUID(), message: `Mensaje ${n}` }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`message answered ${res.status}`);
  });
  const messagesSeconds = (performance.now() - t) / 1000;
  const messageCpuMs = cpuPer(cpu, MESSAGES);
  for (const s of streams) s.abort();
  const recovery = await rssRecovery(server.pid, rssIdle);

  latencies.sort((a, b) => a - b);
  const result = {
    visitors: VISITORS,
    openStreams: streams.length,
    conversationsCreatedPerSecond: Math.round(VISITORS / createSeconds),
    cpuMsPerConversation: createCpuMs,
    replies: REPLIES,
    delivered: latencies.length,
    lost: sent.size,
    repliesPerSecond: Math.round(REPLIES / repliesSeconds),
    latencyMs: { p50: pct(latencies, 50), p95: pct(latencies, 95), p99: pct(latencies, 99) },
    visitorMessagesPersistedPerSecond: Math.round(MESSAGES / messagesSeconds),
    cpuMsPerMessage: messageCpuMs,
    rssMb: {
      beforeStreams: Math.round(rssBefore),
      withStreams: Math.round(rssStreams),
      afterReplies: Math.round(rssAfter),
    },
  };
  console.log(`\nLive chat, one process, embedded database, ${VISITORS} visitors with an open stream`);
  console.log(
    `  conversations created      ${result.conversationsCreatedPerSecond}/s, server CPU ${result.cpuMsPerConversation} ms each`,
  );
  console.log(
    `  staff → visitor delivery   p50 ${ms(result.latencyMs.p50)}  p95 ${ms(result.latencyMs.p95)}  p99 ${ms(result.latencyMs.p99)}`,
  );
  console.log(
    `  replies delivered          ${result.delivered}/${REPLIES} (${result.repliesPerSecond} replies/s sent)`,
  );
  console.log(
    `  visitor messages persisted ${result.visitorMessagesPersistedPerSecond}/s, server CPU ${result.cpuMsPerMessage} ms each`,
  );
  console.log(
    `  load average               ${loadAtStart.toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} now`,
  );
  console.log(
    `  server RSS                 ${result.rssMb.beforeStreams} MB → ${result.rssMb.withStreams} MB with streams → ${result.rssMb.afterReplies} MB`,
  );
  summary("chat", {
    load: loadAtStart,
    "conversations created / messages persisted per s": `${result.conversationsCreatedPerSecond} / ${result.visitorMessagesPersistedPerSecond}`,
    "server CPU a conversation / a message": `${result.cpuMsPerConversation} / ${result.cpuMsPerMessage} ms`,
    "staff → visitor p95": ms(result.latencyMs.p95),
    "RSS with streams (growth)": `${result.rssMb.withStreams} MB (+${result.rssMb.withStreams - result.rssMb.beforeStreams})`,
    [RSS_AFTER_LOAD]: recovery,
  });
  fs.mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
  fs.writeFileSync(path.join(ROOT, "bench/results/chat.json"), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  for (const s of streams) s.abort();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
