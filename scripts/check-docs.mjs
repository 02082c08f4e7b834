#!/usr/bin/env node
/**
 * The docs check of `npm run lint`: whatever README.md and docs/**\/*.md name in backticks exists,
 * so a renamed file or function cannot leave the docs describing a repository that is gone.
 *
 * Fenced code blocks are skipped. Each inline code span is read as
 * - a path when it ends in `/` or a file extension, or starts at a top-level entry of the
 *   repository (`app/.server/http/guards.ts`, `tests/e2e/`, `guards.ts`, `chat.*.ts`, optionally
 *   with `:line`). From a top-level entry it must exist as written (`*` matches within a name);
 *   otherwise it must be the tail of a file or folder (`http/guards.ts`, `testing/`); a `:line`
 *   must be within the file. Not checked: paths inside what .gitignore ignores (`data/`, `build/`:
 *   made at run time), inside an env variable's folder (`DATA_DIR/storage`: the variable is
 *   checked), inside a storage bucket (`site-assets/…`: BUCKETS of app/.server/storage/storage.ts)
 *   or a package (`colord/plugins/a11y`).
 * - names otherwise. A part (`a/b` names two) is checked when it looks like code: camelCase,
 *   PascalCase with two humps, UPPER_SNAKE, snake_case, a call (`close()`, `can(user, key)`: the
 *   callee), or dotted (`bus.publish`, `TOPICS.site`) with such a part or a first part of ours.
 *   Every word of it must occur in a file of the repository outside README.md and docs/ (code,
 *   tests, migrations, config, .env.example, package.json).
 * Not checked, as not ours or not code: URL paths (`/admin/chat`), URLs, scoped packages, spans
 * with spaces, quotes or braces (commands, SQL, CSS values, templates, Spanish text), plain words
 * (`sharp`, `open`, `GET`), headers and MIME types. A name that is not in this repository on
 * purpose (another project's file, a platform's API) goes in ALLOW with its reason; one that is
 * gone (history in an ADR) is written without backticks.
 *
 * Prints `docs/file.md:LINE: \`thing\` not found` for each miss and exits 1 if there is any.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";

/** Spans that are not ours on purpose: [doc, or "*" for any, spans, why]. */
const ALLOW = [
  [
    "docs/decisions/0004-services-through-load-context.md",
    [
      "app/utils/db.server.ts",
      "cache.server.ts",
      "storage.server.ts",
      "tests/setup/db-setup.ts",
      "server/app.ts",
    ],
    "Epic Stack's and React Router's template's files, which the ADR compares ours with",
  ],
  ["*", ["RouterContextProvider", "createContext()", "createStaticHandler"], "React Router's API"],
  ["*", ["OffscreenCanvas"], "the browser's API"],
  ["*", ["process.memoryUsage()"], "Node's API"],
  ["*", ["malloc_trim"], "glibc's API"],
  ["*", ["execProtocolRawStream"], "PGlite's API"],
  ["*", ["BitmapOr"], "a node of Postgres query plans"],
  ["docs/decisions/0019-backups.md", ["database.sql", "manifest.json"], "files inside a backup archive"],
  ["docs/security.md", ["evil.html"], "the file an attack put in an archive"],
];

const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
  encoding: "utf8",
})
  .split("\0")
  .filter((f) => f && fs.existsSync(f));
const isDoc = (f) => f === "README.md" || (f.startsWith("docs/") && f.endsWith(".md"));
const fileSet = new Set(files);
const dirs = new Set();
for (const f of files) {
  const parts = f.split("/");
  for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join("/"));
}
const entries = [...fileSet, ...dirs];
const topLevel = new Set(entries.map((e) => e.split("/")[0]));
const ignored = fs
  .readFileSync(".gitignore", "utf8")
  .split("\n")
  .filter((l) => l.endsWith("/"))
  .map((l) => l.replace(/^\//, ""));
const buckets = /BUCKETS = \[([^\]]*)\]/
  .exec(fs.readFileSync("app/.server/storage/storage.ts", "utf8"))[1]
  .match(/[\w-]+/g);
const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
const packages = new Set(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }));

const words = new Set();
for (const f of files) {
  if (isDoc(f) || f === "package-lock.json" || /\.(png|jpe?g|webp|ico|woff2?)$/.test(f)) continue;
  for (const w of fs.readFileSync(f, "utf8").match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(w);
}

const EXT =
  /\.(m?[jt]sx?|cjs|json|jsonc|md|sql|css|sh|ya?ml|conf|service|html|txt|xml|webmanifest|svg|png|ico)$/;
const IDENT =
  /^(?:[a-z][a-z0-9]*[A-Z][\w$]*|[A-Z][a-z0-9]+[A-Z][\w$]*|[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]|[a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9])$/;
const glob = (p) => p.replace(/[.+^$()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*");

function checkPath(path, line) {
  const name = path.replace(/\/$/, "");
  const first = name.split("/")[0];
  if (ignored.some((d) => `${name}/`.startsWith(d)) || buckets.includes(first) || packages.has(first))
    return null;
  if (/^[A-Z][A-Z0-9_]+$/.test(first)) return words.has(first) ? null : "not found";
  const re = new RegExp(`^${topLevel.has(first) ? "" : "(?:.*/)?"}${glob(name)}$`);
  const hits = entries.filter((e) => re.test(e));
  if (hits.length === 0) return "not found";
  if (line && hits.length === 1 && fileSet.has(hits[0])) {
    const lines = fs.readFileSync(hits[0], "utf8").split("\n").length;
    if (Number(line) > lines) return `not found (${hits[0]} has ${lines} lines)`;
  }
  return null;
}

/** Why a span is missing, or null when it exists or is not ours to check. */
function check(span) {
  const call = /^([\w$.]+)\(.*\)$/.exec(span)?.[1];
  const token = (call ?? span).replace(/^\.\//, "");
  if (/^(https?:|\/|@|#)|[\s{}<>=?,;|'"[\]]/.test(token)) return null;
  const path = /^([\w.*-]+(?:\/[\w.*-]+)*\/?)(?::(\d+)(?:-\d+)?)?$/.exec(token);
  if (path) {
    const [, p, line] = path;
    if (p.endsWith("/") || EXT.test(p) || topLevel.has(p.split("/")[0])) return checkPath(p, line);
  }
  // `a/b/c` names alternatives (`bus.publish/publishAll`); a call is checked whatever its shape.
  const missing = token.split("/").filter((part) => {
    const name = part.replace(/\(\)$/, "");
    const dotted = /^[\w$]+(\.[\w$]+)+$/.test(name) && words.has(name.split(".")[0]);
    const named = call || dotted || name !== part || name.split(".").some((w) => IDENT.test(w));
    return named && /^[\w$.]+$/.test(name) && !name.split(".").every((w) => words.has(w));
  });
  return missing.length ? "not found" : null;
}

const allowed = (doc, span) => ALLOW.some(([d, spans]) => (d === "*" || d === doc) && spans.includes(span));

let misses = 0;
for (const doc of files.filter(isDoc).sort()) {
  // Fenced blocks become empty lines, so line numbers stay right.
  const text = fs
    .readFileSync(doc, "utf8")
    .replace(/^ *(```|~~~)[^\n]*\n[\s\S]*?^ *\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ""));
  for (const m of text.matchAll(/(`+)([^`]+?)\1(?!`)/g)) {
    const span = m[2].replace(/\s+/g, " ").trim();
    const why = allowed(doc, span) ? null : check(span);
    if (!why) continue;
    console.error(`${doc}:${text.slice(0, m.index).split("\n").length}: \`${span}\` ${why}`);
    misses++;
  }
}
if (misses) {
  console.error(`✘ ${misses} name${misses === 1 ? "" : "s"} in the docs not found in the repository`);
  process.exit(1);
}
console.log("✔ docs: every path and symbol they name in backticks exists");
