import { AwsClient } from "aws4fetch";
import sharp from "sharp";
import { createS3Storage } from "../../app/.server/storage/s3";
import { defined } from "../../app/test/defined";
import { S3_BUCKET, S3_KEYS, S3_REGION } from "../../scripts/topology/topology.mjs";
import { gotoReady } from "../e2e/public-helpers";
import { expect, test, upstreamOf } from "./fixtures";

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

test("a staff session works whichever instance answers", async ({ open, topo }) => {
  const page = await open({ role: "admin" });
  // Round-robin: consecutive requests alternate between the instances; each sees the session.
  const seen = new Set<string>();
  for (let n = 0; n < 6; n++) {
    const res = await page.request.get("/admin", { maxRedirects: 0 });
    expect(res.status(), "signed in, not sent to /admin-login").toBe(200);
    seen.add(upstreamOf(res) ?? "");
  }
  expect([...seen].sort()).toEqual(topo.instances.map((i) => `127.0.0.1:${i.port}`).sort());
  // And in the browser, on each instance in turn.
  for (const base of topo.pinned) {
    await page.goto(`${base}/admin/productos`);
    await expect(page.getByRole("heading", { name: "Productos", level: 1 })).toBeVisible();
  }
});

test("an image uploaded through one instance is seen from the bucket by a visitor on the other", async ({
  open,
  topo,
}) => {
  const name = unique("Pan de Coco");
  const verifiedBefore = topo.s3.proxy.stats.verified;
  const staff = await open({ role: "admin", base: topo.pinned[0] });
  await gotoReady(staff, "/admin/productos");
  await staff.getByRole("button", { name: "Agregar Nuevo Producto" }).click();
  const form = staff.getByRole("form", { name: "Agregar Nuevo Producto" });
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#c0692c" } })
    .jpeg()
    .toBuffer();
  await form
    .getByLabel("Imagen del Producto")
    .setInputFiles({ name: "pan.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(form.getByRole("img", { name: "Vista previa de la imagen" })).toBeVisible();
  await form.getByLabel("Nombre del Producto").fill(name);
  await form.getByLabel("Descripción").fill("Pan dulce de coco horneado cada mañana.");
  await form.getByRole("button", { name: "Agregar Producto" }).click();
  await expect(staff.getByText("Producto agregado.")).toBeVisible();
  // The instance wrote the files to the bucket with signed requests the proxy checked.
  expect(topo.s3.proxy.stats.verified).toBeGreaterThan(verifiedBefore);

  const visitor = await open({ base: topo.pinned[1] });
  await visitor.goto("/tienda");
  const card = visitor.getByRole("article").filter({ has: visitor.getByRole("heading", { name }) });
  const img = card.getByRole("img", { name });
  await expect(img).toHaveAttribute(
    "src",
    new RegExp(`^${topo.s3.url}/${S3_BUCKET}/product-images/public/\\d+-\\w+\\.webp$`),
  );
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  const src = defined(await img.getAttribute("src"), "image src");
  const file = await visitor.request.get(src);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/webp");
});

test("the bucket refuses a wrong key or a broken signature, as S3 does", async ({ topo }) => {
  const endpoint = topo.s3.url;
  const key = `topology/${Date.now()}.txt`;
  const good = createS3Storage({
    endpoint,
    region: S3_REGION,
    bucket: S3_BUCKET,
    ...S3_KEYS,
    publicUrl: `${endpoint}/${S3_BUCKET}`,
    forcePathStyle: true,
  });
  await good.put("site-assets", key, Buffer.from("hola"), "text/plain");

  // The site's own S3 client with a wrong secret.
  const wrong = createS3Storage({
    endpoint,
    region: S3_REGION,
    bucket: S3_BUCKET,
    accessKeyId: S3_KEYS.accessKeyId,
    secretAccessKey: `${S3_KEYS.secretAccessKey}x`,
    publicUrl: `${endpoint}/${S3_BUCKET}`,
    forcePathStyle: true,
  });
  await expect(wrong.put("site-assets", key, Buffer.from("otro"), "text/plain")).rejects.toThrow(
    /S3 PUT 403: [\s\S]*SignatureDoesNotMatch/,
  );
  await expect(wrong.remove("site-assets", key)).rejects.toThrow(
    /S3 DELETE 403: [\s\S]*SignatureDoesNotMatch/,
  );

  // A correct signature over a request that is then changed (another object) no longer matches.
  const client = new AwsClient({ ...S3_KEYS, region: S3_REGION, service: "s3" });
  const signed = await client.sign(`${endpoint}/${S3_BUCKET}/site-assets/${key}`, { method: "DELETE" });
  const tampered = await fetch(signed.url.replace(".txt", ".html"), {
    method: "DELETE",
    headers: signed.headers,
  });
  expect(tampered.status).toBe(403);
  expect(await tampered.text()).toContain("<Code>SignatureDoesNotMatch</Code>");
  // Unsigned writes are refused; the object is still there and public.
  const anonymous = await fetch(`${endpoint}/${S3_BUCKET}/site-assets/${key}`, { method: "DELETE" });
  expect(anonymous.status).toBe(403);
  const read = await fetch(good.publicUrl("site-assets", key));
  expect(await read.text()).toBe("hola");
});
