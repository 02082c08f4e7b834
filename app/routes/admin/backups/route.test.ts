import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { StaffUser } from "~/.server/auth/sessions";
import { listBackups } from "~/.server/backup/catalog";
import { auditLog } from "~/.server/db/schema";
import { removeDir, tempPath } from "~/.server/testing/files";
import { callRoute, formPost, routeContext, TEST_ADMIN, TEST_OPERADOR } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import type { FormReply } from "~/lib/forms";
import { loader as download } from "./download";
import { action, loader } from "./route";

const backupDir = tempPath("mm-test-route-backups-");
const app = setupTestApp({ BACKUP_DIR: backupDir });
afterAll(() => removeDir(backupDir));
const PATH = "/admin/backups";

const post = (user: StaffUser | null) =>
  callRoute<FormReply>(action, formPost(PATH, { intent: "backup-create" }), routeContext(app.services, user));
const page = (user: StaffUser | null) =>
  callRoute<{ backups: { id: string; status: string; orders: number | null; files: number | null }[] }>(
    loader,
    new Request(`http://localhost${PATH}`),
    routeContext(app.services, user),
  );
const get = (user: StaffUser | null, id: string) =>
  callRoute(
    (args) => download({ ...args, params: { id } }),
    new Request(`http://localhost${PATH}/${id}/descargar`),
    routeContext(app.services, user),
  );

async function untilDone() {
  for (let i = 0; i < 600; i++) {
    const [row] = await listBackups(app.services.db);
    if (row && row.status !== "running") return row;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the backup did not finish");
}

describe("'Copias de seguridad' (admins only)", () => {
  it("refuses visitors and operadores on the server", async () => {
    expect((await page(null)).status).toBe(302);
    expect((await page(TEST_OPERADOR)).status).toBe(302);
    expect((await post(null)).status).toBe(401);
    expect((await post(TEST_OPERADOR)).status).toBe(403);
    expect((await get(TEST_OPERADOR, "00000000-0000-4000-8000-000000000000")).status).toBe(302);
    expect(await listBackups(app.services.db)).toHaveLength(0);
  });

  it("starts one backup for two presses at once, refuses a second meanwhile, lists it and downloads it, both in the activity log", async () => {
    // 'Crear copia ahora' pressed twice quickly (two posts, as without JavaScript): one copy.
    const both = await Promise.all([post(TEST_ADMIN), post(TEST_ADMIN)]);
    const started = both.filter((r) => r.data.ok);
    const refused = both.filter((r) => !r.data.ok);
    expect(started).toHaveLength(1);
    expect(started[0]?.data).toMatchObject({ ok: true, message: { title: "Copia en curso" } });
    expect(refused).toHaveLength(1);
    expect(refused[0]?.status).toBe(409);
    expect(refused[0]?.data).toMatchObject({
      ok: false,
      message: { description: "Ya hay una copia en curso: espera a que termine." },
    });
    const again = await post(TEST_ADMIN);
    expect(again.status).toBe(409);
    expect(again.data.message?.description).toBe("Ya hay una copia en curso: espera a que termine.");

    const row = await untilDone();
    expect(await listBackups(app.services.db)).toHaveLength(1);
    expect(fs.readdirSync(backupDir).filter((f) => f.endsWith(".tar.gz"))).toEqual([row.fileName]);
    expect(row).toMatchObject({ status: "done", kind: "manual", actorName: TEST_ADMIN.name });
    const listed = await page(TEST_ADMIN);
    expect(listed.data.backups[0]).toMatchObject({ id: row.id, status: "done", orders: 0, files: 0 });

    const file = await get(TEST_ADMIN, row.id);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/gzip");
    expect(file.headers.get("content-disposition")).toContain(row.fileName);
    expect((await get(TEST_ADMIN, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await get(TEST_ADMIN, "not-an-id")).status).toBe(404);

    const actions = (await app.services.db.select({ a: auditLog.action }).from(auditLog)).map((r) => r.a);
    expect(actions).toEqual(expect.arrayContaining(["backup.created", "backup.downloaded"]));
    expect(actions.filter((a) => a === "backup.created")).toHaveLength(1);
  }, 240_000);
});
