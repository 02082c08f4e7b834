import { randomBytes } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { InvalidInputError } from "../errors";
import { restoreDir } from "./pending-restore";
import { RESTORE_UPLOAD_MAX_BYTES } from "./upload-limit";

export { RESTORE_UPLOAD_MAX_BYTES };

/**
 * An archive uploaded on 'Copias de seguridad' to restore from. A multipart form read as it
 * arrives: the file goes straight to disk (an archive can be hundreds of MB; `request.formData()`
 * would hold it in memory twice), the few text fields are kept. The saved file is named by a
 * random token the confirmation step and the restore refer to; nothing else names a path.
 */

/** The file field of the upload form. */
export const UPLOAD_FIELD = "archivo";
/** Text fields beyond this are no form of ours. */
const MAX_TEXT_BYTES = 64 * 1024;
/** Uploads not restored within this time are removed by the next upload. */
const UPLOAD_TTL_MS = 24 * 3600_000;

const TOKEN = /^[a-f0-9]{32}$/;
export const uploadsDir = (dataDir: string) => path.join(restoreDir(dataDir), "uploads");

/** The saved upload `token` names, or null when the token is not one or the file is gone. */
export function uploadedArchive(dataDir: string, token: string): string | null {
  if (!TOKEN.test(token)) return null;
  const file = path.join(uploadsDir(dataDir), `${token}.tar.gz`);
  return fs.existsSync(file) ? file : null;
}

export function discardUpload(dataDir: string, token: string): void {
  const file = uploadedArchive(dataDir, token);
  if (file) fs.rmSync(file, { force: true });
}

export const isMultipart = (request: Request) =>
  /^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "");

export type ReceivedUpload = {
  /** The text fields, and UPLOAD_FIELD set to the saved file's token when a file came. */
  form: FormData;
  token: string | null;
};

/**
 * Reads a multipart form: its UPLOAD_FIELD file is saved under `uploadsDir(dataDir)` (at most
 * `maxBytes`, else refused and removed), its text fields kept. Throws InvalidInputError
 * ('upload-too-large', 'upload-malformed'). An empty file part (no file chosen) is no file.
 */
export async function receiveUpload(
  request: Request,
  dataDir: string,
  maxBytes = RESTORE_UPLOAD_MAX_BYTES,
): Promise<ReceivedUpload> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers.get("content-type") ?? "");
  const name = boundary?.[1] ?? boundary?.[2];
  if (!name || !request.body) throw new InvalidInputError("upload-malformed");
  const dir = uploadsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  removeStale(dir);
  const token = randomBytes(16).toString("hex");
  const target = path.join(dir, `${token}.tar.gz`);
  const parser = new MultipartReader(Buffer.from(`\r\n--${name}`), target, maxBytes);
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await parser.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
      if (parser.finished) break;
    }
    if (!parser.finished) throw new InvalidInputError("upload-malformed");
  } catch (err) {
    await parser.abort();
    fs.rmSync(target, { force: true });
    await reader.cancel().catch(() => {});
    throw err;
  }
  const form = new FormData();
  for (const [k, v] of parser.fields) form.append(k, v);
  const saved = parser.fileBytes > 0;
  if (saved) form.set(UPLOAD_FIELD, token);
  else fs.rmSync(target, { force: true });
  return { form, token: saved ? token : null };
}

/** Uploads older than a day were never restored: gone. */
function removeStale(dir: string): void {
  for (const entry of fs.readdirSync(dir)) {
    const file = path.join(dir, entry);
    try {
      if (Date.now() - fs.statSync(file).mtimeMs > UPLOAD_TTL_MS) fs.rmSync(file, { force: true });
    } catch {
      // Removed meanwhile.
    }
  }
}

const CRLF2 = Buffer.from("\r\n\r\n");
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * The multipart state machine. The body is read as if it started with CRLF, so every boundary is
 * `delim` = CRLF + '--' + boundary; after one come '--' (the end) or CRLF and a part's headers.
 */
class MultipartReader {
  fields: [string, string][] = [];
  fileBytes = 0;
  finished = false;
  private buf: Buffer = Buffer.from("\r\n");
  private state: "preamble" | "after" | "headers" | "body" = "preamble";
  private part: { name: string; sink: fs.WriteStream | null; text: Buffer[] } | null = null;
  private textBytes = 0;

  constructor(
    private readonly delim: Buffer,
    private readonly target: string,
    private readonly maxBytes: number,
  ) {}

  async push(chunk: Buffer): Promise<void> {
    this.buf = this.buf.length > 0 ? Buffer.concat([this.buf, chunk]) : chunk;
    for (;;) {
      if (this.state === "preamble") {
        const i = this.buf.indexOf(this.delim);
        if (i < 0) {
          this.buf = this.buf.subarray(Math.max(0, this.buf.length - this.delim.length));
          return;
        }
        this.buf = this.buf.subarray(i + this.delim.length);
        this.state = "after";
      } else if (this.state === "after") {
        if (this.buf.length < 2) return;
        const two = this.buf.subarray(0, 2).toString("latin1");
        if (two === "--") {
          this.finished = true;
          return;
        }
        if (two !== "\r\n") throw new InvalidInputError("upload-malformed");
        this.buf = this.buf.subarray(2);
        this.state = "headers";
      } else if (this.state === "headers") {
        const i = this.buf.indexOf(CRLF2);
        if (i < 0) {
          if (this.buf.length > MAX_HEADER_BYTES) throw new InvalidInputError("upload-malformed");
          return;
        }
        this.openPart(this.buf.subarray(0, i).toString("utf8"));
        this.buf = this.buf.subarray(i + CRLF2.length);
        this.state = "body";
      } else {
        const i = this.buf.indexOf(this.delim);
        if (i >= 0) {
          await this.write(this.buf.subarray(0, i));
          await this.closePart();
          this.buf = this.buf.subarray(i + this.delim.length);
          this.state = "after";
          continue;
        }
        // Keep what could be the start of a boundary split across chunks.
        const safe = this.buf.length - (this.delim.length - 1);
        if (safe > 0) {
          await this.write(this.buf.subarray(0, safe));
          this.buf = this.buf.subarray(safe);
        }
        return;
      }
    }
  }

  private openPart(headers: string): void {
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? "";
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) throw new InvalidInputError("upload-malformed");
    const isFile = /\bfilename="/i.test(disposition);
    if (isFile && (name !== UPLOAD_FIELD || this.fileBytes > 0 || fs.existsSync(this.target)))
      throw new InvalidInputError("upload-malformed");
    this.part = {
      name,
      sink: isFile ? fs.createWriteStream(this.target, { flags: "wx", mode: 0o600 }) : null,
      text: [],
    };
  }

  private async write(data: Buffer): Promise<void> {
    const part = this.part;
    if (!part || data.length === 0) return;
    if (part.sink) {
      this.fileBytes += data.length;
      if (this.fileBytes > this.maxBytes) throw new InvalidInputError("upload-too-large");
      if (!part.sink.write(data)) await once(part.sink, "drain");
      return;
    }
    this.textBytes += data.length;
    if (this.textBytes > MAX_TEXT_BYTES) throw new InvalidInputError("upload-malformed");
    part.text.push(Buffer.from(data));
  }

  private async closePart(): Promise<void> {
    const part = this.part;
    this.part = null;
    if (!part) return;
    if (part.sink) {
      part.sink.end();
      await once(part.sink, "close");
    } else this.fields.push([part.name, Buffer.concat(part.text).toString("utf8")]);
  }

  async abort(): Promise<void> {
    const sink = this.part?.sink;
    this.part = null;
    if (sink && !sink.closed) {
      sink.destroy();
      await once(sink, "close").catch(() => {});
    }
  }
}
