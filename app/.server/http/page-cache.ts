import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { TOPICS } from "../../lib/events";
import { PUBLIC_PAGES, type PublicPage, type CacheTag as Tag } from "../../lib/pages";
import type { EventBus } from "../events/bus";
import type { Logger } from "../logger";

/**
 * Whole public pages for visitors without a session, kept in memory per URL
 * (docs/decisions/0022-page-cache.md). What may enter, when a copy goes stale and how a fresh
 * CSP nonce reaches each answer are decided here; pages.ts serves the copies.
 */

/** How a page may be cached: the query parameters it may carry and what its content depends on. */
export type PageRule = NonNullable<PublicPage["cache"]>;

// A path parameter of a kept page is a slug (lower-case letters, digits, dashes): only URLs the
// site's own links make take a place in the cache.
const SLUG = /^[a-z0-9-]{1,200}$/;

/** The rule for a path, from the pages of the registry (app/lib/pages.ts) that say they may be cached. */
export function cacheablePages(pages: readonly PublicPage[]): (path: string) => PageRule | null {
  const exact = new Map<string, PageRule>();
  const patterns: { segments: string[]; rule: PageRule }[] = [];
  for (const page of pages) {
    if (!page.cache) continue;
    if (page.path.includes(":")) patterns.push({ segments: page.path.split("/"), rule: page.cache });
    else exact.set(page.path, page.cache);
  }
  const fits = (segments: string[], path: string[]) =>
    segments.length === path.length &&
    segments.every((s, i) => (s.startsWith(":") ? SLUG.test(path[i] ?? "") : s === path[i]));
  return (path) => exact.get(path) ?? patterns.find((p) => fits(p.segments, path.split("/")))?.rule ?? null;
}

const PAGES = cacheablePages(PUBLIC_PAGES);
// React Router's data requests for client-side navigation: `/tienda.data`, `/_root.data` for `/`.
const DATA_SUFFIX = ".data";
const DATA_PARAMS = ["_routes"];

/** The page a request asks for, if a copy of it may be kept and shared. */
export type CacheTarget = { key: string; url: string; origin: string; tags: readonly Tag[] };

/**
 * Decides from the request alone: GET or HEAD, no cookie at all (staff have a session cookie; a
 * flash toast is a cookie; a visitor has none), no Authorization header, a public page with only
 * its own query parameters. `origin` is the site's origin for this request (public-origin.ts);
 * `pageFor` the cacheable pages (the registry's, or a test's).
 */
export function cacheTarget(
  req: {
    method: string;
    path: string;
    url: string;
    headers: Record<string, string | string[] | undefined>;
    origin: string;
  },
  pageFor = PAGES,
): CacheTarget | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (req.headers.cookie !== undefined || req.headers.authorization !== undefined) return null;
  let path = req.path;
  const isData = path.endsWith(DATA_SUFFIX);
  if (isData) path = path === "/_root.data" ? "/" : path.slice(0, -DATA_SUFFIX.length);
  const page = pageFor(path);
  if (!page) return null;
  const query = req.url.indexOf("?");
  if (query >= 0) {
    const params = new URLSearchParams(req.url.slice(query + 1));
    for (const name of params.keys()) {
      if (!page.params.includes(name) && !(isData && DATA_PARAMS.includes(name))) return null;
    }
  }
  if (req.url.length > 512) return null;
  return {
    key: `${req.origin}${req.url}`,
    url: `${req.origin}${req.url}`,
    origin: req.origin,
    tags: page.tags,
  };
}

/** A kept page: its body split where the nonce goes, and the same body gzipped piece by piece. */
export type CachedPage = {
  key: string;
  url: string;
  origin: string;
  tags: readonly Tag[];
  status: number;
  /** Response headers; a value that held the nonce is split the same way as the body. */
  headers: [string, string[]][];
  /** The body with each nonce cut out: the answer is parts[0] nonce parts[1] nonce ... */
  parts: Buffer[];
  /** Each part as raw deflate ending on a byte boundary, not final (see gzipBody). */
  deflated: Buffer[];
  /** CRC-32 of parts[0], the bulk of a page (its first nonce sits near the end). */
  crcFirst: number;
  length: number;
  etag: string;
  bytes: number;
  /** The invalidation count of each tag when its render started. */
  versions: number[];
  storedAt: number;
  /** When an invalidation made it stale (null while fresh). */
  staleSince: number | null;
  /**
   * When what it shows changes by the clock alone (an announcement or a special date starts or
   * ends, app/lib/schedule.ts): from then on it is never answered, not even as a stale copy.
   */
  expiresAt: number | null;
  lastHit: number;
};

export type RenderResult = {
  status: number;
  headers: Headers;
  body: string;
  nonce: string;
  /** The render's own limit (RequestContext.cacheUntil); none when the page does not change by the clock. */
  expiresAt?: number | null;
};

/** Only a plain successful page or data answer, setting no cookie and not marked private, is kept. */
export function mayKeep(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("set-cookie")) return false;
  const type = response.headers.get("content-type") ?? "";
  if (!type.startsWith("text/html") && !type.startsWith("text/x-script")) return false;
  return !/no-store|private/i.test(response.headers.get("cache-control") ?? "");
}

const deflateRaw = promisify(zlib.deflateRaw);

/** Splits a rendered answer at its nonce and compresses the pieces (async: the zlib thread pool). */
export async function toCachedPage(
  target: CacheTarget,
  result: RenderResult,
  versions: number[],
  now = Date.now(),
): Promise<CachedPage> {
  const pieces = result.nonce ? result.body.split(result.nonce) : [result.body];
  const parts = pieces.map((p) => Buffer.from(p, "utf8"));
  const deflated = await Promise.all(
    parts.map((p) => deflateRaw(p, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH })),
  );
  const headers: [string, string[]][] = [];
  result.headers.forEach((value, name) => {
    if (SKIPPED_HEADERS.has(name)) return;
    headers.push([name, result.nonce ? value.split(result.nonce) : [value]]);
  });
  const length = parts.reduce((n, p) => n + p.length, 0);
  const hash = createHash("sha1");
  for (const p of parts) hash.update(p).update("\0");
  const etag = `W/"${hash.digest("base64url").slice(0, 22)}"`;
  const bytes =
    length +
    deflated.reduce((n, p) => n + p.length, 0) +
    headers.reduce((n, [k, v]) => n + k.length + v.join("").length, 0);
  return {
    key: target.key,
    url: target.url,
    origin: target.origin,
    tags: target.tags,
    status: result.status,
    headers,
    parts,
    deflated,
    crcFirst: zlib.crc32(parts[0] ?? Buffer.alloc(0)),
    length,
    etag,
    bytes: bytes + 512,
    versions,
    storedAt: now,
    staleSince: null,
    expiresAt: result.expiresAt ?? null,
    lastHit: now,
  };
}

// Set per answer (or by Express), never copied from the render.
const SKIPPED_HEADERS = new Set([
  "content-length",
  "date",
  "etag",
  "cache-control",
  "connection",
  "x-request-id",
]);

/** The answer without compression, with `nonce` where the render had its own. */
export function plainBody(page: CachedPage, nonce: string): Buffer {
  const [only] = page.parts;
  if (page.parts.length === 1 && only) return only;
  const n = Buffer.from(nonce, "utf8");
  const out: Buffer[] = [];
  page.parts.forEach((p, i) => {
    if (i > 0) out.push(n);
    out.push(p);
  });
  return Buffer.concat(out);
}

// gzip (RFC 1952): a 10-byte header, one deflate stream (RFC 1951), CRC-32 and length. Each part
// was deflated on its own and ends with a sync flush, so it starts no back-reference into what
// came before and ends on a byte boundary: the nonce goes between them as a stored block, and an
// empty final stored block closes the stream. No compression work per answer, only the CRC of
// what follows the first nonce.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

function storedBlock(data: Buffer): Buffer {
  const len = data.length;
  const head = Buffer.from([0x00, len & 0xff, len >> 8, ~len & 0xff, (~len >> 8) & 0xff]);
  return Buffer.concat([head, data]);
}

/** The answer as gzip, with `nonce` where the render had its own. */
export function gzipBody(page: CachedPage, nonce: string): Buffer {
  const n = Buffer.from(nonce, "utf8");
  const stored = storedBlock(n);
  const out: Buffer[] = [GZIP_HEADER];
  let crc = page.crcFirst;
  page.deflated.forEach((d, i) => {
    if (i > 0) {
      out.push(stored);
      crc = zlib.crc32(n, crc);
      crc = zlib.crc32(page.parts[i] ?? Buffer.alloc(0), crc);
    }
    out.push(d);
  });
  out.push(FINAL_BLOCK);
  const size = page.length + n.length * (page.parts.length - 1);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(trailer);
  return Buffer.concat(out);
}

/**
 * How long a copy is kept without any event (a safety net for a change made outside the site,
 * e.g. by hand in the database), and how long after an invalidation its old copy may still be
 * answered while the new one renders.
 */
export type PageCacheOptions = {
  maxBytes: number;
  ttlMs: number;
  staleMs: number;
  /**
   * Renders a page as a visitor without a session gets it, with the nonce it was given, and (read
   * once its body is) the instant it stops being true by the clock alone, if any.
   */
  render: (
    target: CacheTarget,
  ) => Promise<{ response: Response; nonce: string; expiresAt?: () => number | null | undefined }>;
  bus: EventBus;
  logger: Logger;
  now?: () => number;
};

const TAGS: readonly Tag[] = ["site", "catalog"];
// After an invalidation, the pages asked for in the last minute are rendered again at once (one
// at a time), so their next visitor gets the new copy without waiting; the rest on their next visit.
const HOT_MS = 60_000;
const REFRESH_AT_MOST = 64;

/** A render's outcome: the kept copy, or (to whoever started it only) an answer that may not be kept. */
export type Filled = { page: CachedPage | null; response?: Response };

export type Lookup = { kind: "fresh" | "stale"; page: CachedPage } | { kind: "miss" };

export function createPageCache(opts: PageCacheOptions) {
  const now = opts.now ?? Date.now;
  const pages = new Map<string, CachedPage>();
  const versions: Record<Tag, number> = { site: 0, catalog: 0 };
  const inflight = new Map<string, Promise<Filled>>();
  const queue: CacheTarget[] = [];
  let draining: Promise<void> | null = null;
  let bytes = 0;
  const stats = { hits: 0, stale: 0, misses: 0, renders: 0, refreshes: 0, evictions: 0, invalidations: 0 };

  const versionsOf = (tags: readonly Tag[]) => tags.map((t) => versions[t]);
  const expired = (page: CachedPage, t: number) => page.expiresAt !== null && t >= page.expiresAt;
  const isCurrent = (page: CachedPage) => page.tags.every((t, i) => page.versions[i] === versions[t]);

  function remove(key: string) {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= page.bytes;
  }

  function store(page: CachedPage) {
    if (page.bytes > opts.maxBytes / 4) return; // one huge page must not empty the cache
    remove(page.key);
    pages.set(page.key, page);
    bytes += page.bytes;
    // Map order is insertion order; a hit re-inserts, so the first key is the least recently used.
    for (const key of pages.keys()) {
      if (bytes <= opts.maxBytes) break;
      remove(key);
      stats.evictions++;
    }
  }

  /** One render per key at a time: concurrent misses wait for the same one. */
  function renderOnce(target: CacheTarget): Promise<Filled> {
    const running = inflight.get(target.key);
    if (running) return running.then(({ page }) => ({ page }));
    const started = versionsOf(target.tags);
    const startedAt = now();
    stats.renders++;
    const job = (async (): Promise<Filled> => {
      const { response, nonce, expiresAt } = await opts.render(target);
      if (!mayKeep(response)) {
        remove(target.key);
        return { page: null, response };
      }
      const body = await response.text();
      const page = await toCachedPage(
        target,
        { status: response.status, headers: response.headers, body, nonce, expiresAt: expiresAt?.() },
        started,
        startedAt,
      );
      // An invalidation during the render: keep it (better than nothing) but already stale.
      if (!isCurrent(page)) page.staleSince = now();
      // Past its clock limit already (it was reached during the render): answered once, not kept.
      if (expired(page, now())) remove(page.key);
      else store(page);
      return { page };
    })()
      .catch((err): Filled => {
        opts.logger.warn({ err, url: target.url }, "page cache: render failed");
        remove(target.key);
        return { page: null };
      })
      .finally(() => inflight.delete(target.key));
    inflight.set(target.key, job);
    return job;
  }

  function drain() {
    if (draining) return;
    draining = (async () => {
      for (let target = queue.shift(); target; target = queue.shift()) {
        const page = pages.get(target.key);
        if (page && isCurrent(page) && page.staleSince === null && !expired(page, now())) continue;
        stats.refreshes++;
        const { response } = await renderOnce(target);
        await response?.body?.cancel();
      }
    })().finally(() => {
      draining = null;
      if (queue.length > 0) drain();
    });
  }

  function refresh(target: CacheTarget) {
    if (!queue.some((t) => t.key === target.key)) queue.push(target);
    setImmediate(drain);
  }

  function invalidate(tags: readonly Tag[]) {
    stats.invalidations++;
    for (const t of tags) versions[t]++;
    const at = now();
    const hot: CachedPage[] = [];
    for (const page of pages.values()) {
      if (!page.tags.some((t) => tags.includes(t))) continue;
      page.staleSince ??= at;
      if (at - page.lastHit < HOT_MS) hot.push(page);
    }
    hot.sort((a, b) => b.lastHit - a.lastHit);
    for (const page of hot.slice(0, REFRESH_AT_MOST)) refresh(page);
  }

  const unsubscribe = opts.bus.subscribe((event) => {
    if (event.topic === TOPICS.site) invalidate(TAGS);
    else if (event.topic === TOPICS.catalog) invalidate(["catalog"]);
  });

  return {
    /**
     * The copy to answer with: fresh, or stale while its new render runs (at most `staleMs` after
     * it went stale); otherwise a miss. A stale answer starts the new render.
     */
    lookup(target: CacheTarget): Lookup {
      const page = pages.get(target.key);
      if (!page) return { kind: "miss" };
      const t = now();
      if (expired(page, t)) {
        remove(page.key);
        return { kind: "miss" };
      }
      if (page.staleSince === null && t - page.storedAt >= opts.ttlMs) page.staleSince = t;
      page.lastHit = t;
      pages.delete(page.key);
      pages.set(page.key, page);
      if (page.staleSince === null) {
        stats.hits++;
        return { kind: "fresh", page };
      }
      if (t - page.staleSince < opts.staleMs) {
        stats.stale++;
        refresh(target);
        return { kind: "stale", page };
      }
      return { kind: "miss" };
    },
    /** Renders the page (or joins the render already running for it) and keeps it if it may be kept. */
    fill(target: CacheTarget): Promise<Filled> {
      stats.misses++;
      return renderOnce(target);
    },
    /**
     * After a change, the new copy if its render (already running, or started now and shared by
     * every request meanwhile) ends within `waitMs`; otherwise null and the stale copy is answered.
     * So the request after a change shows it, and nobody waits longer than one bounded render.
     */
    async freshWithin(target: CacheTarget, waitMs: number): Promise<CachedPage | null> {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), waitMs);
      });
      const rendered = renderOnce(target).then((f) => (f.page && isCurrent(f.page) ? f.page : null));
      try {
        return await Promise.race([rendered, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    invalidate,
    /** Resolves once no refresh is queued or running (tests, benchmarks). */
    async settled(): Promise<void> {
      while (draining || inflight.size > 0 || queue.length > 0) {
        await (draining ?? Promise.all(inflight.values()));
        await new Promise((r) => setImmediate(r));
      }
    },
    clear() {
      pages.clear();
      bytes = 0;
    },
    stats: () => ({ ...stats, entries: pages.size, bytes }),
    has: (key: string) => pages.has(key),
    close: unsubscribe,
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
