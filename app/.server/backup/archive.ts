import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import tar from "tar-stream";
import { DATABASE_ENTRY, FILES_PREFIX, MANIFEST_ENTRY, type Manifest, parseManifest } from "./manifest";

/**
 * The archive: one gzip'd tar, written in one pass (database, files, then the manifest, which
 * holds their checksums), so nothing is staged twice on disk. Pictures are already compressed;
 * gzip's cost on them is small next to its gain on the SQL.
 */
export type ArchiveWriter = {
  /** Adds an entry from a buffer; answers its SHA-256. */
  add(name: string, body: Buffer): Promise<string>;
  /** Adds an entry from a file on disk; answers its SHA-256. */
  addFile(name: string, file: string): Promise<{ sha256: string; bytes: number }>;
  /** Writes the manifest last, flushes and fsyncs the file. */
  finish(manifest: Manifest): Promise<void>;
  abort(): void;
};

export function createArchive(file: string): ArchiveWriter {
  const pack = tar.pack();
  const out = fs.createWriteStream(file, { flags: "wx", mode: 0o600 });
  const done = pipeline(pack, zlib.createGzip({ level: 6 }), out);
  // A failure surfaces from finish(); keep the rejection from being 'unhandled' meanwhile.
  done.catch(() => {});
  const mtime = new Date();
  const entry = (name: string, body: Buffer) =>
    new Promise<void>((resolve, reject) => {
      pack.entry({ name, size: body.length, mtime, mode: 0o600 }, body, (err) =>
        err ? reject(err) : resolve(),
      );
    });
  return {
    async add(name, body) {
      await entry(name, body);
      return createHash("sha256").update(body).digest("hex");
    },
    async addFile(name, source) {
      const bytes = (await fs.promises.stat(source)).size;
      const hash = createHash("sha256");
      const sink = pack.entry({ name, size: bytes, mtime, mode: 0o600 });
      const reader = fs.createReadStream(source);
      reader.on("data", (chunk) => hash.update(chunk));
      await pipeline(reader, sink);
      return { sha256: hash.digest("hex"), bytes };
    },
    async finish(manifest) {
      await entry(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
      pack.finalize();
      await done;
      const fd = await fs.promises.open(file, "r");
      try {
        await fd.sync();
      } finally {
        await fd.close();
      }
    },
    abort() {
      pack.destroy();
      out.destroy();
    },
  };
}

export type ExtractedArchive = {
  manifest: Manifest;
  /** The SQL dump, extracted to `dir`. */
  databaseFile: string;
  /** Extracted files by their path (`bucket/key`), with the checksum of what was read. */
  files: Map<string, { file: string; bytes: number; sha256: string }>;
  databaseSha256: string;
};

/** Where an archive's entry goes when extracted under `dir`; null for names we never wrote. */
function targetOf(dir: string, name: string): string | null {
  if (name === DATABASE_ENTRY) return path.join(dir, DATABASE_ENTRY);
  if (!name.startsWith(FILES_PREFIX)) return null;
  const rel = name.slice(FILES_PREFIX.length);
  if (rel === "" || rel.includes("..") || rel.startsWith("/") || rel.includes("\\")) return null;
  return path.join(dir, "files", rel);
}

export class ArchiveError extends Error {}

/**
 * Extracts an archive into `dir` (which must exist), checksumming each entry as it is read.
 * Throws ArchiveError when it is not one of our archives or is cut short (no manifest).
 */
export async function extractArchive(file: string, dir: string): Promise<ExtractedArchive> {
  const extract = tar.extract();
  let manifest: Manifest | null = null;
  let databaseSha256 = "";
  const files = new Map<string, { file: string; bytes: number; sha256: string }>();
  extract.on("entry", (header, stream, next) => {
    const name = header.name;
    const hash = createHash("sha256");
    if (name === MANIFEST_ENTRY) {
      readManifestEntry(stream, next, (m) => {
        manifest = m;
      });
      return;
    }
    const target = header.type === "file" ? targetOf(dir, name) : null;
    if (!target) {
      stream.resume();
      stream.on("end", () => next());
      return;
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    let bytes = 0;
    stream.on("data", (chunk) => {
      const c = chunk as Buffer;
      hash.update(c);
      bytes += c.length;
    });
    pipeline(stream, fs.createWriteStream(target)).then(
      () => {
        const sha256 = hash.digest("hex");
        if (name === DATABASE_ENTRY) databaseSha256 = sha256;
        else files.set(name.slice(FILES_PREFIX.length), { file: target, bytes, sha256 });
        next();
      },
      (err) => next(err),
    );
  });
  try {
    await pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError(
      `No se pudo leer la copia ${path.basename(file)}: está incompleta o no es una copia de este sitio (${(err as Error).message}).`,
    );
  }
  if (!manifest) throw new ArchiveError("La copia no tiene manifiesto: está incompleta.");
  return { manifest, databaseFile: path.join(dir, DATABASE_ENTRY), files, databaseSha256 };
}

/** Reads only the manifest (the last entry): used to list archives the catalogue does not know. */
export async function readManifest(file: string): Promise<Manifest> {
  const extract = tar.extract();
  let manifest: Manifest | null = null;
  extract.on("entry", (header, stream, next) => {
    if (header.name !== MANIFEST_ENTRY) {
      stream.resume();
      stream.on("end", () => next());
      return;
    }
    readManifestEntry(stream, next, (m) => {
      manifest = m;
    });
  });
  try {
    await pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError(`No se pudo leer la copia ${path.basename(file)}: ${(err as Error).message}`);
  }
  if (!manifest) throw new ArchiveError("La copia no tiene manifiesto: está incompleta.");
  return manifest;
}

type EntryStream = tar.ExtractEvents["entry"][1];
type EntryDone = tar.ExtractEvents["entry"][2];

/** Reads the manifest entry to its end: hands the manifest to `found`, or `next` an ArchiveError. */
function readManifestEntry(stream: EntryStream, next: EntryDone, found: (m: Manifest) => void) {
  const chunks: Buffer[] = [];
  stream.on("data", (c) => chunks.push(c as Buffer));
  stream.on("end", () => {
    const manifest = parseManifest(Buffer.concat(chunks));
    if (!manifest) return next(new ArchiveError("El manifiesto de la copia no es válido."));
    found(manifest);
    next();
  });
}
