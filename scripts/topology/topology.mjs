// The deployment of docs/deploy.md on loopback ports, for the topology tests (tests/topology) and
// bench/topology.mjs: a fresh database on a Postgres server, an S3 server (s3rver) behind a proxy that
// verifies AWS Signature V4 (sigv4-proxy.mjs), two instances of the BUILT site (`node server.js`), and
// Debian's nginx in front with the repository's site file (deploy/nginx/minimarket.conf).
//
//   const topo = await startTopology({ postgresUrl });  // any database URL on the server to use
//   topo.url              nginx, round-robin over both instances
//   topo.pinned[i]        nginx, to instance i only (test-only server blocks)
//   topo.instances[i]     { url, pid(), stop(signal), start(), output(), running() }
//   await topo.stop();    everything, by PID
//
// nginx runs as a child process with its own prefix, configuration, pid and logs in a temp folder
// (`-p`, `-c`, `daemon off`): the system's /etc/nginx and port 80 are never touched.

import { spawn, spawnSync } from "node:child_process";
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import getPort from "get-port";
import pg from "pg";
import S3rver from "s3rver";
import { startServer } from "../built-server.mjs";
import { startSigV4Proxy } from "./sigv4-proxy.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SITE_FILE = path.join(ROOT, "deploy", "nginx", "minimarket.conf");
export const NGINX = process.env.NGINX_PATH?.trim() || "/usr/sbin/nginx";
const HOST = "127.0.0.1";

export const CREDENTIALS = {
  admin: { email: "admin@example.com", password: "admin-pass-123" },
  operador: { email: "operador@example.com", password: "operador-pass-123" },
};
export const S3_KEYS = {
  accessKeyId: "MINIMARKETTESTKEY",
  secretAccessKey: "topology-secret-key-0123456789",
};
export const S3_BUCKET = "minimarket";
export const S3_REGION = "us-east-1";
/** The tracking look-up limit the instances run with (counted in Postgres, across instances). */
export const TRACKING_LIMIT = 12;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Installs Debian's nginx when missing and we are root; throws otherwise. */
export function ensureNginx({ verbose = false } = {}) {
  try {
    accessSync(NGINX, constants.X_OK);
    if (verbose) console.log(`[topology] using ${NGINX}`);
    return NGINX;
  } catch {}
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || NGINX !== "/usr/sbin/nginx") {
    throw new Error(
      `[topology] nginx was not found at ${NGINX}. Install it as root with:\n` +
        "  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y nginx",
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", "nginx"]]) {
    console.log(`[topology] $ apt-get ${args.join(" ")}`);
    const r = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(" ")} exited with ${r.status}`);
  }
  // The package starts the system's nginx on port 80 where it can; we leave that service alone.
  return NGINX;
}

/** A new, empty database on the server `postgresUrl` points at; returns its URL. */
export async function createDatabase(postgresUrl, prefix = "topo") {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
    // The shared test cluster runs with synchronous_commit=off for speed (scripts/pg-test-cluster.sh):
    // a commit could then be answered and lost in a crash (`pg_ctl stop -m immediate`, 07-database-
    // restart). The topology's database commits as a production one does. (fsync=off stays: a killed
    // server's WAL is still in the operating system's buffers.)
    await client.query(`alter database ${name} set synchronous_commit = on`);
  } finally {
    await client.end();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one SQL query on `databaseUrl`. */
export async function query(databaseUrl, text, params = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** The environment of one instance, as docs/deploy.md lists it. */
export function instanceEnv({ port, dataDir, databaseUrl, s3Url, publicUrl }) {
  const env = {
    NODE_ENV: "production",
    HOST,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: "1",
    PUBLIC_URL: publicUrl,
    STORAGE_DRIVER: "s3",
    S3_ENDPOINT: s3Url,
    S3_REGION,
    S3_BUCKET,
    S3_ACCESS_KEY_ID: S3_KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey,
    S3_PUBLIC_URL: `${s3Url}/${S3_BUCKET}`,
    S3_FORCE_PATH_STYLE: "true",
    TRACKING_LOOKUPS_PER_MINUTE: String(TRACKING_LIMIT),
    TEST_HOOKS: "false",
    LOG_LEVEL: "info",
    SEED_DEMO: "true",
    ADMIN_EMAIL: CREDENTIALS.admin.email,
    ADMIN_PASSWORD: CREDENTIALS.admin.password,
    OPERATOR_EMAIL: CREDENTIALS.operador.email,
    OPERATOR_PASSWORD: CREDENTIALS.operador.password,
  };
  return env;
}

/**
 * One instance of the built site (scripts/built-server.mjs) that can be stopped with a signal and started
 * again on the same port; `output()` keeps what every run of it printed.
 */
export function createInstance({ name, port, env, log = () => {} }) {
  let server = null;
  let running = false;
  let earlier = "";
  return {
    name,
    port,
    url: `http://${HOST}:${port}`,
    output: () => earlier + (server?.output() ?? ""),
    running: () => running,
    pid: () => server?.pid,
    /** Spawns the process at once (synchronously) and resolves when /healthz answers 200. */
    start(timeoutMs = 90_000) {
      if (running) throw new Error(`${name} is already running`);
      running = true;
      earlier += server?.output() ?? "";
      const started = startServer(env, { output: "capture", port, timeoutMs });
      log(`${name} starting on port ${port}`);
      return started.then(
        (s) => {
          server = s;
          s.exited.then(() => {
            if (server === s) running = false;
          });
        },
        (e) => {
          running = false;
          throw e;
        },
      );
    },
    /** Sends `signal` and waits for the process to end (SIGKILL after 15 s). */
    async stop(signal = "SIGTERM") {
      if (!running || !server) return;
      const s = server;
      const late = setTimeout(() => s.kill("SIGKILL"), 15_000);
      await s.kill(signal);
      clearTimeout(late);
      running = false;
      log(`${name} stopped with ${signal}`);
    },
  };
}

/**
 * The nginx configuration the tests run: the repository's site file with loopback ports, plus one server
 * block per instance (same locations, upstream of that instance only) and an X-Upstream response header
 * naming the instance that answered.
 */
export function nginxConfig({ prefix, port, pinnedPorts, instancePorts }) {
  const site = readFileSync(SITE_FILE, "utf8");
  const upstreamRe = /upstream minimarket \{[\s\S]*?\n\}/;
  const serverStart = site.indexOf("\nserver {");
  if (!upstreamRe.test(site) || serverStart < 0) throw new Error(`${SITE_FILE}: no upstream or server block`);
  const serverBlock = site
    .slice(serverStart + 1)
    .replace(/^\s*listen \[::\]:80;\n/m, "")
    .replace(/server_name [^;]+;/, `server_name ${HOST};\n    add_header X-Upstream $upstream_addr always;`);
  const upstream = (name, ports) =>
    `upstream ${name} {\n${ports.map((p) => `    server ${HOST}:${p} max_fails=1 fail_timeout=5s;`).join("\n")}\n    keepalive 16;\n}`;
  const main = site
    .replace(upstreamRe, upstream("minimarket", instancePorts))
    .replace(/listen \[::\]:80;\n\s*/, "")
    .replace("listen 80;", `listen ${HOST}:${port};`)
    .replace(/server_name [^;]+;/, `server_name ${HOST};\n    add_header X-Upstream $upstream_addr always;`);
  const pinned = pinnedPorts
    .map(
      (p, i) =>
        `${upstream(`minimarket_${i}`, [instancePorts[i]])}\n\n${serverBlock
          .replace("listen 80;", `listen ${HOST}:${p};`)
          .replaceAll("proxy_pass http://minimarket;", `proxy_pass http://minimarket_${i};`)}`,
    )
    .join("\n\n");
  const t = (d) => path.join(prefix, d);
  return `# Generated by scripts/topology/topology.mjs from deploy/nginx/minimarket.conf
worker_processes 1;
pid ${t("nginx.pid")};
error_log ${t("error.log")} warn;
events { worker_connections 1024; }
http {
    access_log ${t("access.log")};
    client_body_temp_path ${t("tmp/body")};
    proxy_temp_path ${t("tmp/proxy")};
    fastcgi_temp_path ${t("tmp/fastcgi")};
    uwsgi_temp_path ${t("tmp/uwsgi")};
    scgi_temp_path ${t("tmp/scgi")};
    types { text/html html; }
    default_type application/octet-stream;

${main}

${pinned}
}
`;
}

/** Starts nginx as a child process (daemon off) and waits until it answers. */
export async function startNginx({ prefix, config, port, log = () => {} }) {
  for (const d of ["tmp/body", "tmp/proxy", "tmp/fastcgi", "tmp/uwsgi", "tmp/scgi"]) {
    mkdirSync(path.join(prefix, d), { recursive: true });
  }
  // Worker processes run as `nobody` when the master is root: they need to reach the temp folders.
  chmodSync(prefix, 0o755);
  for (const d of ["tmp", "tmp/body", "tmp/proxy", "tmp/fastcgi", "tmp/uwsgi", "tmp/scgi"]) {
    chmodSync(path.join(prefix, d), 0o777);
  }
  const conf = path.join(prefix, "nginx.conf");
  writeFileSync(conf, config);
  const test = spawnSync(NGINX, ["-t", "-q", "-p", prefix, "-c", conf, "-g", "daemon off;"], {
    encoding: "utf8",
  });
  if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}\n${config}`);
  const child = spawn(NGINX, ["-p", prefix, "-c", conf, "-g", "daemon off;"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  const killOnExit = () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, "SIGKILL");
  };
  process.once("exit", killOnExit);
  log(`nginx started (pid ${child.pid}, port ${port})`);
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    try {
      const res = await fetch(`http://${HOST}:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`nginx did not answer on ${port}: ${output}`);
    await sleep(100);
  }
  return {
    pid: child.pid,
    errorLog: () =>
      existsSync(path.join(prefix, "error.log")) ? readFileSync(path.join(prefix, "error.log"), "utf8") : "",
    async stop() {
      process.removeListener("exit", killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const done = new Promise((r) => child.once("exit", r));
      process.kill(child.pid, "SIGQUIT"); // graceful: finishes open requests
      const late = await Promise.race([done.then(() => false), sleep(3000).then(() => true)]);
      if (late) {
        process.kill(child.pid, "SIGKILL");
        await done;
      }
    },
  };
}

/** The S3 server and its verifying proxy; the bucket exists and reads are public. */
export async function startS3({ dir, log = () => {} }) {
  const s3rver = new S3rver({
    address: HOST,
    port: await getPort({ host: HOST }),
    directory: dir,
    silent: true,
    configureBuckets: [{ name: S3_BUCKET }],
  });
  const { port: s3Port } = await s3rver.run();
  const proxy = await startSigV4Proxy({ target: `http://${HOST}:${s3Port}`, region: S3_REGION, ...S3_KEYS });
  log(`s3rver on ${s3Port}, SigV4 proxy on ${proxy.port}`);
  return {
    url: proxy.url,
    proxy,
    async stop() {
      await proxy.close();
      await s3rver.close();
    },
  };
}

/** Instances started at the same moment (each spawns synchronously); resolves when all answer /healthz. */
export async function startInstances(instances) {
  await Promise.all(instances.map((i) => i.start()));
}

export async function startTopology({ postgresUrl, instances: count = 2, log = () => {} }) {
  const dir = mkdtempSync(path.join(tmpdir(), "topology-"));
  const cleanups = [];
  const stop = async () => {
    for (const c of cleanups.reverse()) await c().catch((e) => log(`cleanup: ${e.message}`));
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    ensureNginx();
    const databaseUrl = await createDatabase(postgresUrl);
    const s3 = await startS3({ dir: path.join(dir, "s3"), log });
    cleanups.push(() => s3.stop());

    const port = await getPort({ host: HOST });
    const url = `http://${HOST}:${port}`;
    const instancePorts = [];
    for (let i = 0; i < count; i++) instancePorts.push(await getPort({ host: HOST }));
    const pinnedPorts = [];
    for (let i = 0; i < count; i++) pinnedPorts.push(await getPort({ host: HOST }));

    const instances = instancePorts.map((p, i) => {
      const dataDir = path.join(dir, `instance-${i}`);
      mkdirSync(dataDir, { recursive: true });
      const env = instanceEnv({ port: p, dataDir, databaseUrl, s3Url: s3.url, publicUrl: url });
      return createInstance({ name: `instance-${i}`, port: p, env, log });
    });
    cleanups.push(async () => {
      for (const i of instances) await i.stop("SIGTERM");
    });
    await startInstances(instances);

    const prefix = path.join(dir, "nginx");
    mkdirSync(prefix, { recursive: true });
    const nginx = await startNginx({
      prefix,
      config: nginxConfig({ prefix, port, pinnedPorts, instancePorts }),
      port,
      log,
    });
    cleanups.push(() => nginx.stop());
    return {
      url,
      pinned: pinnedPorts.map((p) => `http://${HOST}:${p}`),
      instances,
      databaseUrl,
      postgresUrl,
      s3,
      nginx,
      dir,
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
