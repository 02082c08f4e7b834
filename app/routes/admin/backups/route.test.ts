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

  it("starts a backup, refuses a second meanwhile, lists it and downloads it, both in the activity log", async () => {
    const started = await post(TEST_ADMIN);
    expect(started.data).toMatchObject({ ok: true, message: { title: "Copia en curso" } });
    const again = await post(TEST_ADMIN);
    expect(again.data).toMatchObject({
      ok: false,
      message: { description: "Ya hay una copia en curso: espera a que termine." },
    });

    const row = await untilDone();
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
  }, 240_000);
});
