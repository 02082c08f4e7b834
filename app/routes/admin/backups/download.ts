import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { data } from "react-router";
import { actorOf, recordAudit } from "~/.server/audit/audit";
import { getBackup, thisHost } from "~/.server/backup/catalog";
import { openArchive } from "~/.server/backup/offsite";
import { requirePermission } from "~/.server/http/guards";
import { isUuid } from "~/lib/ids";
import type { Route } from "./+types/download";

/**
 * An archive to download (admin only), from this machine's backup folder, else from the off-site
 * copy. Every download is in the activity log: an archive holds every customer's data.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "backups:manage");
  const { db, backups, logger } = context.services;
  const row = isUuid(params.id) ? await getBackup(db, params.id) : null;
  if (row?.status !== "done") throw data({ message: "Esa copia no existe." }, { status: 404 });
  const file = path.join(row.dir, row.fileName);
  let body: ReadableStream | null = null;
  let size: number | null = null;
  if (row.host === thisHost() && fs.existsSync(file)) {
    size = fs.statSync(file).size;
    body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream;
  } else if (row.s3Key && backups.settings.offsite) {
    try {
      const res = await openArchive(backups.settings.offsite, row.s3Key);
      body = res.body;
      size = Number(res.headers.get("content-length")) || null;
    } catch (err) {
      logger.error({ err }, "backup download from S3 failed");
    }
  }
  if (!body)
    throw data(
      { message: `El archivo de esta copia no está en este servidor (${row.host}) ni en una copia externa.` },
      { status: 404 },
    );
  await recordAudit(db, actorOf(user, context.clientIp), {
    action: "backup.downloaded",
    entityId: row.id,
    target: row.fileName,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${row.fileName}"`,
      "Cache-Control": "no-store",
      ...(size ? { "Content-Length": String(size) } : {}),
    },
  });
}
