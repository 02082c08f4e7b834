import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { restoreBackup } from "../../app/.server/backup/restore";
import { CROSS_SITE_REFUSAL } from "../../app/.server/http/same-origin";
import { createLocalStorage } from "../../app/.server/storage/local";
import { generateClientId } from "../../app/lib/chat";
import routes from "../../app/routes";
import { tempDataDir } from "../../scripts/built-server.mjs";
import { freshIp, from, logProblems, OPERATOR, routeData, setupSite, signIn } from "./harness";

// Third round of attacks (2026-11-28): findings 2, 3, 5, 6 and 8, and the low ones.
const site = setupSite();
let admin = "";
beforeAll(async () => {
  admin = await signIn(site);
});

/** Every file and folder under `dir` another local user could read, write or enter. */
const openToOthers = (dir: string) =>
  execFileSync("find", [dir, "-perm", "/077"], { encoding: "utf8" }).split("\n").filter(Boolean);

/** A real photo of about `kb` kilobytes (noise does not compress). */
async function noisePhoto(width: number, height: number): Promise<Blob> {
  const jpeg = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  return new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" });
}

async function upload(intent: string, image: Blob, name = "foto.jpg", cookie = admin) {
  const form = new FormData();
  form.set("intent", intent);
  form.set("image", image, name);
  const res = await fetch(`${site.url}/admin/uploads`, { method: "POST", headers: { cookie }, body: form });
  return { status: res.status, text: await res.text() };
}

describe("third round, finding 2: a visitor's details are a claim, never a takeover", () => {
  const startChat = async (ip: string) => {
    const clientId = generateClientId();
    const res = await fetch(`${site.url}/api/chat/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", ...from(ip) },
      body: JSON.stringify({ clientId, clientMessageId: randomUUID(), message: "Hola" }),
    });
    const body = (await res.json()) as { secret: string };
    return { clientId, secret: body.secret };
  };
  const leaveDetails = (c: { clientId: string; secret: string }, name: string, email: string) =>
    fetch(`${site.url}/api/chat/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "X-Chat-Secret": c.secret },
      body: JSON.stringify({ clientId: c.clientId, name, country: "NI", phone: "8888 4321", email }),
    });
  const contactPanel = async (clientId: string) => {
    const r = await routeData(site, `/admin/chat?c=${encodeURIComponent(clientId)}`, { cookie: admin });
    return (r.value["routes/admin/chat/route"] as { data: { contact: Record<string, unknown> | null } }).data
      .contact as {
      contact: { id: string; name: string; phone: string | null; email: string | null };
      claim: { phone: string | null; match: { id: string; name: string; same: string[] } | null } | null;
      conversations: { clientId: string }[];
    } | null;
  };

  it("another person's phone with the name 'Impostor' renames nothing and shows staff nothing of hers", async () => {
    const rosa = await startChat(freshIp());
    expect((await leaveDetails(rosa, "Rosa Pérez", "rosa@example.com")).status).toBe(200);
    const impostor = await startChat(freshIp());
    const res = await leaveDetails(impostor, "Impostor", "");
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { key: string };
    expect(answer.key).toBeTruthy();

    const hers = await contactPanel(rosa.clientId);
    expect(hers?.contact).toMatchObject({
      name: "Rosa Pérez",
      phone: "+50588884321",
      email: "rosa@example.com",
    });
    const theirs = await contactPanel(impostor.clientId);
    expect(theirs?.contact).toMatchObject({ name: "Impostor", phone: null, email: null });
    expect(theirs?.contact.id).not.toBe(hers?.contact.id);
    expect(theirs?.conversations.map((c) => c.clientId)).toEqual([impostor.clientId]);
    // 'posible mismo cliente', with the evidence, for staff to decide.
    expect(theirs?.claim).toMatchObject({
      phone: "+50588884321",
      match: { name: "Rosa Pérez", same: ["phone"] },
    });
    // A later conversation with the impostor's key joins the impostor's contact, not hers.
    const later = generateClientId();
    await fetch(`${site.url}/api/chat/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "X-Chat-Contact": answer.key, ...from(freshIp()) },
      body: JSON.stringify({ clientId: later, clientMessageId: randomUUID(), message: "otra vez" }),
    });
    expect((await contactPanel(later))?.contact.id).toBe(theirs?.contact.id);
  });
});

describe("third round, finding 3: DATA_DIR is the site user's alone", () => {
  it("no file or folder of the running site's DATA_DIR is open to other users", () => {
    expect(openToOthers(site.env.DATA_DIR ?? "")).toEqual([]);
  });

  it("nor of a DATA_DIR restored from a backup, whatever the umask", async () => {
    const backups = path.join(site.env.DATA_DIR ?? "", "backups");
    const archive = await makeBackup(backups);
    const target = tempDataDir("security-restored");
    const umask = process.umask(0o000);
    try {
      await restoreBackup({
        file: archive,
        target: { engine: "pglite", dataDir: target },
        storage: createLocalStorage(path.join(target, "storage")),
      });
      expect(openToOthers(target)).toEqual([]);
    } finally {
      process.umask(umask);
      fs.rmSync(target, { recursive: true, force: true });
    }
  }, 180_000);
});

/** Starts a backup from 'Copias de seguridad' and waits for its archive in `dir`. */
async function makeBackup(dir: string): Promise<string> {
  const before = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  // An earlier copy may still be finishing ('Ya hay una copia en curso'): ask again.
  for (let i = 0; ; i++) {
    const r = await routeData(site, "/admin/backups", {
      cookie: admin,
      form: new URLSearchParams({ intent: "backup-create" }),
    });
    expect(r.status).toBe(200);
    if ((r.value.data as { ok?: boolean } | undefined)?.ok) break;
    if (i > 60) throw new Error(`the backup did not start: ${JSON.stringify(r.value)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  for (let i = 0; i < 600; i++) {
    const made = (fs.existsSync(dir) ? fs.readdirSync(dir) : []).filter(
      (f) => !before.has(f) && f.endsWith(".tar.gz"),
    );
    if (made[0]) {
      // The archive is written under a temporary name and renamed when whole.
      return path.join(dir, made[0]);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the backup did not finish");
}

/** Every URL path of the route table (parameters filled in), with the file it runs. */
function routePaths(entries: RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((e) => {
    const here = e.index ? prefix || "/" : e.path ? `${prefix}/${e.path}` : prefix;
    const filled = here.replace(/:[^/]+/g, randomUUID()).replace(/\*$/, "no-existe");
    return [
      ...(e.path !== undefined || e.index ? [filled || "/"] : []),
      ...routePaths(e.children ?? [], here),
    ];
  });
}

describe("third round, finding 5: one Origin check for every state-changing request", () => {
  const paths = [...new Set([...routePaths(routes), "/__test/housekeeping", "/events/staff"])];

  it("walks the route table: a write from another origin of the same host reaches no route", async () => {
    expect(paths).toEqual(
      expect.arrayContaining(["/logout", "/api/push/staff", "/api/chat/agent", "/admin/uploads"]),
    );
    const otherPort = new URL(site.url);
    otherPort.port = String(Number(otherPort.port) + 1);
    for (const p of paths) {
      const variants: Record<string, string>[] = [
        { Origin: otherPort.origin },
        { Origin: "null" },
        { "Sec-Fetch-Site": "same-site" },
      ];
      for (const headers of variants) {
        const res = await fetch(`${site.url}${p}`, {
          method: "POST",
          headers: { cookie: admin, accept: "application/json", ...headers },
          body: new URLSearchParams({ intent: "x" }),
          redirect: "manual",
        });
        expect([p, res.status, ((await res.json()) as { error: string }).error]).toEqual([
          p,
          403,
          CROSS_SITE_REFUSAL,
        ]);
      }
    }
    // The session survived the cross-site /logout; the same page's own logout still works.
    const page = await fetch(`${site.url}/admin`, { headers: { cookie: admin }, redirect: "manual" });
    expect(page.status).toBe(200);
    const own = await fetch(`${site.url}/logout`, {
      method: "POST",
      headers: { cookie: await signIn(site), Origin: site.url },
      redirect: "manual",
    });
    expect(own.status).toBe(302);
  }, 120_000);
});

describe("third round, finding 6: stored files are pictures, never pages", () => {
  const storage = () => path.join(site.env.DATA_DIR ?? "", "storage", "site-assets");

  it("/files/ serves only the WebP uploads make, with nosniff and a sandbox; HTML and SVG are not served", async () => {
    fs.mkdirSync(storage(), { recursive: true });
    fs.writeFileSync(path.join(storage(), "evil.html"), "<script>alert(document.cookie)</script>");
    fs.writeFileSync(
      path.join(storage(), "evil.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>',
    );
    // Not found; a name with a NUL is refused at the edge before (400).
    for (const [name, status] of [
      ["evil.html", 404],
      ["evil.svg", 404],
      ["evil.svg%00.webp", 400],
    ] as const) {
      const res = await fetch(`${site.url}/files/site-assets/${name}`);
      expect([name, res.status, (await res.text()).includes("alert")]).toEqual([name, status, false]);
    }
    fs.writeFileSync(
      path.join(storage(), "ok.webp"),
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
        .webp()
        .toBuffer(),
    );
    const ok = await fetch(`${site.url}/files/site-assets/ok.webp`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/webp");
    expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
    expect(ok.headers.get("content-security-policy")).toMatch(/sandbox/);
  });

  it("a restore refuses an archive holding a file uploads could not have made", async () => {
    fs.writeFileSync(path.join(storage(), "evil.html"), "<script>alert(1)</script>");
    const archive = await makeBackup(path.join(site.env.DATA_DIR ?? "", "backups"));
    const target = tempDataDir("security-evil-restore");
    try {
      await expect(
        restoreBackup({
          file: archive,
          target: { engine: "pglite", dataDir: target },
          storage: createLocalStorage(path.join(target, "storage")),
        }),
      ).rejects.toThrow(/no pudo haber guardado \(site-assets\/evil\.html\)/);
      expect(fs.existsSync(path.join(target, "storage", "site-assets", "evil.html"))).toBe(false);
    } finally {
      fs.rmSync(target, { recursive: true, force: true });
      for (const f of ["evil.html", "evil.svg", "ok.webp"])
        fs.rmSync(path.join(storage(), f), { force: true });
    }
  }, 180_000);
});

describe("third round, finding 8: staff uploads take what their pictures allow", () => {
  it("a 2 MB customer photo and a 9 MB hero image reach /admin/uploads and are stored", async () => {
    const customer = await noisePhoto(1100, 1000);
    expect(customer.size).toBeGreaterThan(1024 * 1024);
    expect(customer.size).toBeLessThanOrEqual(2 * 1024 * 1024);
    const stored = await upload("customer-photo-upload", customer);
    expect(stored.status).toBe(200);
    expect(stored.text).not.toMatch(/demasiado grande|máximo/i);
    const hero = await noisePhoto(2900, 2400);
    expect(hero.size).toBeGreaterThan(5 * 1024 * 1024);
    expect(hero.size).toBeLessThanOrEqual(10 * 1024 * 1024);
    const heroAnswer = await upload("hero-gallery-add", hero);
    expect(heroAnswer.status).toBe(200);
    expect(heroAnswer.text).toMatch(/añadida a la galería/);
  }, 120_000);
});

describe("third round, low findings", () => {
  it("a cached page is not sent gzip to a client that refuses it (gzip;q=0)", async () => {
    await fetch(`${site.url}/tienda`); // kept in the page cache
    const plain = await fetch(`${site.url}/tienda`, { headers: { "Accept-Encoding": "gzip;q=0, identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toMatch(/<html/);
    const gz = await fetch(`${site.url}/tienda`, { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
  });

  it("a 100-megapixel picture is refused as too large, not as 'no es una imagen válida'", async () => {
    const huge = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(2 * 1024 * 1024);
    const r = await upload(
      "hero-gallery-add",
      new Blob([new Uint8Array(huge)], { type: "image/png" }),
      "grande.png",
    );
    expect(r.text).toMatch(/demasiados píxeles \(máx 50 megapíxeles\)/);
    expect(r.text).not.toMatch(/no es una imagen válida/);
  }, 60_000);

  it("an operador's 403 on backups says Forbidden, not Internal Server Error", async () => {
    const res = await fetch(`${site.url}/admin/backups`, {
      method: "POST",
      headers: { cookie: await signIn(site, OPERATOR), Origin: site.url },
      body: new URLSearchParams({ intent: "backup-create" }),
      redirect: "manual",
    });
    expect(res.status).toBe(403);
    expect(res.statusText).toBe("Forbidden");
  });

  it("logged no server error along the way", () => {
    expect(logProblems(site.output())).toEqual([]);
  });
});
