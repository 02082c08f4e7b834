import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { StaffUser } from "~/.server/auth/sessions";
import { listBackups } from "~/.server/backup/catalog";
import { hasPendingRestore } from "~/.server/backup/pending-restore";
import { uploadsDir } from "~/.server/backup/upload";
import { onPostgres } from "~/.server/testing/db";
import { removeDir, tempPath } from "~/.server/testing/files";
import { callRoute, formPost, routeContext, TEST_ADMIN, TEST_OPERADOR } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import { BACKUP_INTENT } from "~/lib/backups";
import type { FormReply } from "~/lib/forms";
import { backupIntents } from "./intents";
import { RESTORE_INTENT } from "./restore-words";
import { action, loader } from "./route";

// 'Restaurar' on 'Copias de seguridad' through the route (issue 42, docs/decisions/0029): admins
// only; an upload is checked before she is asked; 'Sí, restaurar' backs up, schedules and asks the
// server to restart. The restore itself at start-up: app/.server/backup/dashboard-restore.test.ts.

const dataDir = tempPath("mm-test-route-restore-");
const backupDir = path.join(dataDir, "backups");
const app = setupTestApp({ BACKUP_DIR: backupDir, DATA_DIR: dataDir });
afterAll(() => removeDir(dataDir));
const PATH = "/admin/backups";

type Page = {
  backups: { id: string; status: string; restorable: boolean; beforeRestore: boolean; fileName: string }[];
  restore: { available: boolean; inProgress: boolean };
  confirm:
    | { ok: true; id: string; createdAt: string; counts: Record<string, number>; uploaded: boolean }
    | { ok: false; error: string }
    | null;
};
const page = (user: StaffUser | null, search = "") =>
  callRoute<Page>(loader, new Request(`http://localhost${PATH}${search}`), routeContext(app.services, user));
const post = (user: StaffUser | null, fields: Record<string, string | Blob>) =>
  callRoute<FormReply & { extra?: { restarting?: { createdAt: string } } }>(
    action,
    formPost(PATH, fields),
    routeContext(app.services, user),
  );
const archive = (bytes: Uint8Array, name = "copia.tar.gz") =>
  new File([new Uint8Array(bytes)], name, { type: "application/gzip" });
const uploads = () => (fs.existsSync(uploadsDir(dataDir)) ? fs.readdirSync(uploadsDir(dataDir)) : []);

async function untilDone() {
  for (let i = 0; i < 600; i++) {
    const rows = await listBackups(app.services.db);
    if (rows.length > 0 && rows.every((r) => r.status !== "running")) return rows;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the backup did not finish");
}

describe.skipIf(onPostgres)("'Restaurar' on 'Copias de seguridad' (embedded database)", () => {
  it("every intent of the screen is for 'backups:manage', and an operador is refused them all", async () => {
    const table = backupIntents(app.services.backups, null);
    expect(Object.keys(table).sort()).toEqual(
      [BACKUP_INTENT.create, RESTORE_INTENT.restore, RESTORE_INTENT.upload].sort(),
    );
    for (const handler of Object.values(table)) expect(handler.permission).toBe("backups:manage");

    const id = "00000000-0000-4000-8000-000000000000";
    expect((await post(TEST_OPERADOR, { intent: RESTORE_INTENT.restore, copia: id })).status).toBe(403);
    expect((await post(null, { intent: RESTORE_INTENT.restore, copia: id })).status).toBe(401);
    const upload = await post(TEST_OPERADOR, {
      intent: RESTORE_INTENT.upload,
      archivo: archive(new Uint8Array(10)),
    });
    expect(upload.status).toBe(403);
    expect((await page(TEST_OPERADOR, `?restaurar=${id}`)).status).toBe(302);
    expect(uploads()).toEqual([]);
    expect(hasPendingRestore(dataDir)).toBe(false);
  });

  it("refuses a corrupt upload with the reason and keeps nothing; a whole one goes to the confirmation step", async () => {
    expect((await post(TEST_ADMIN, { intent: BACKUP_INTENT.create })).status).toBe(200);
    const [made] = await untilDone();
    const file = path.join(backupDir, made?.fileName ?? "");
    const whole = fs.readFileSync(file);

    const corrupt = await post(TEST_ADMIN, {
      intent: RESTORE_INTENT.upload,
      archivo: archive(whole.subarray(0, whole.length - 300)),
    });
    expect(corrupt.status).toBe(400);
    expect(corrupt.data.message?.description).toMatch(
      /^No se puede usar este archivo: No se pudo leer la copia .* No se cambió nada\.$/,
    );
    expect(uploads()).toEqual([]);
    const none = await post(TEST_ADMIN, { intent: RESTORE_INTENT.upload });
    expect(none.status).toBe(400);
    expect(none.data.message?.description).toBe("Elige el archivo de la copia (.tar.gz).");

    const good = await post(TEST_ADMIN, { intent: RESTORE_INTENT.upload, archivo: archive(whole) });
    expect(good.status).toBe(302);
    expect(good.location).toMatch(/^\/admin\/backups\?restaurar=subida-[a-f0-9]{32}$/);
    expect(uploads()).toHaveLength(1);
    const asked = await page(TEST_ADMIN, `?${good.location?.split("?")[1]}`);
    expect(asked.data.confirm).toMatchObject({
      ok: true,
      uploaded: true,
      counts: { orders: 0, products: 0, conversations: 0, files: 0 },
    });

    const listed = await page(TEST_ADMIN, `?restaurar=${made?.id}`);
    expect(listed.data.restore).toEqual(expect.objectContaining({ available: true, inProgress: false }));
    expect(listed.data.backups[0]).toMatchObject({ id: made?.id, restorable: true, beforeRestore: false });
    expect(listed.data.confirm).toMatchObject({ ok: true, uploaded: false });
    const missing = await page(TEST_ADMIN, "?restaurar=nada");
    expect(missing.status).toBe(200);
    expect(missing.data.confirm).toMatchObject({ ok: false });
  }, 240_000);

  it("'Sí, restaurar' backs up the current data, schedules the restore and restarts the server; a second press is refused", async () => {
    const restart = vi.fn();
    app.services.backups.restore.onRestart(restart);
    const [chosen] = await listBackups(app.services.db);

    const bad = await post(TEST_ADMIN, { intent: RESTORE_INTENT.restore, copia: "nada" });
    expect(bad.status).toBe(404);
    expect(hasPendingRestore(dataDir)).toBe(false);

    const yes = await post(TEST_ADMIN, { intent: RESTORE_INTENT.restore, copia: chosen?.id ?? "" });
    expect(yes.status).toBe(200);
    expect(yes.data.extra?.restarting?.createdAt).toEqual(expect.any(String));
    expect(restart).toHaveBeenCalledTimes(1);
    expect(hasPendingRestore(dataDir)).toBe(true);
    const after = await page(TEST_ADMIN);
    expect(after.data.restore.inProgress).toBe(true);
    expect(after.data.backups.filter((b) => b.beforeRestore)).toHaveLength(1);

    const again = await post(TEST_ADMIN, { intent: RESTORE_INTENT.restore, copia: chosen?.id ?? "" });
    expect(again.status).toBe(409);
    expect(again.data.message?.description).toBe(
      "Ya se está restaurando una copia: el sitio se reinicia en un momento.",
    );
    const backup = await post(TEST_ADMIN, { intent: BACKUP_INTENT.create });
    expect(backup.status).toBe(409);
    expect(restart).toHaveBeenCalledTimes(1);
  }, 240_000);
});
