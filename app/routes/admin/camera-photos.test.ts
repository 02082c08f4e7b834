import fs from "node:fs";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffUser } from "~/.server/auth/sessions";
import { createSiteContentCache } from "~/.server/content/site";
import { aboutUsCarouselImages, heroGalleryImages } from "~/.server/db/schema";
import type { Services } from "~/.server/services";
import { CAN_DECODE_HEIC, isHeicBytes } from "~/.server/storage/uploads";
import { testLogger } from "~/.server/testing/db";
import { storedPath } from "~/.server/testing/images";
import { callRoute, formPost, ownerOf, routeContext } from "~/.server/testing/routes";
import { setupTestDatabase, setupTestStorage } from "~/.server/testing/setup";
import type { FormReply } from "~/lib/forms";
import { action as upload } from "./uploads";

// Issue 42, 'Photos straight from the camera': a phone's photo as taken reaches the server when
// the browser did not resize it (no JavaScript, an old browser) and is stored within the spec's
// limits; an iPhone's HEIC, which sharp here cannot decode, is refused with the way out.

const h = setupTestDatabase({ seed: true, bus: true });
const storage = setupTestStorage();
const MB = 1024 * 1024;
const services = () =>
  ({
    db: h.db,
    bus: h.bus,
    storage,
    logger: testLogger,
    siteContent: createSiteContentCache({ db: h.db, bus: h.bus, logger: testLogger }),
  }) as unknown as Services;
let admin: StaffUser;
const post = (fields: Record<string, string | Blob>) =>
  callRoute<FormReply>(upload, formPost("/admin/uploads", fields), routeContext(services(), admin));

/** A 4000x3000 camera JPEG of about 8.8 MB: noise compresses as badly as a real photo's detail. */
let camera: File;
beforeAll(async () => {
  const bytes = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: 200, g: 120, b: 40 },
      noise: { type: "gaussian", mean: 120, sigma: 30 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
  camera = new File([new Uint8Array(bytes)], "IMG_2041.jpg", { type: "image/jpeg" });
}, 60_000);

/** The first bytes of an iPhone's HEIC: an 'ftyp' box of brand 'heic' (HEVC pictures inside). */
const heicBytes = () => {
  const bytes = new Uint8Array(256);
  bytes.set(new TextEncoder().encode("\0\0\0\x1cftypheic\0\0\0\0mif1MiHEheic"), 0);
  return bytes;
};

beforeEach(async () => {
  admin ??= await ownerOf(h.db);
  await h.db.delete(aboutUsCarouselImages);
  await h.db.delete(heroGalleryImages);
});

describe("a phone's photo as taken, sent without the browser's resize", () => {
  it("is a customer photo of 300x300 and under 2 MB once stored, from an 8.8 MB 4000x3000 JPEG", async () => {
    expect(camera.size).toBeGreaterThan(8 * MB);
    expect(camera.size).toBeLessThanOrEqual(10 * MB);
    const r = await post({ intent: "customer-photo-upload", image: camera, fileName: camera.name });
    expect([r.status, r.data.ok]).toEqual([200, true]);
    const [row] = await h.db.select().from(aboutUsCarouselImages);
    const path = storedPath(storage.root, row?.imageUrl ?? "");
    const meta = await sharp(path).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 300, 300]);
    expect(fs.statSync(path).size).toBeLessThanOrEqual(2 * MB);
  });

  it("is a hero image within 1920x1080 from the same photo", async () => {
    const r = await post({ intent: "hero-gallery-add", image: camera, fileName: camera.name });
    expect([r.status, r.data.ok]).toEqual([200, true]);
    const [added] = await h.db.select().from(heroGalleryImages);
    const meta = await sharp(storedPath(storage.root, added?.imageUrl ?? "")).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1440, 1080]);
  });

  it("is cut to the square as it is seen, with the camera's rotation applied", async () => {
    // Stored 400x200 on its side: the phone says 'turn it' (EXIF orientation 6), so it is seen 200x400.
    const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#3f9b4f" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const file = new File([new Uint8Array(sideways)], "de-lado.jpg", { type: "image/jpeg" });
    const r = await post({ intent: "customer-photo-upload", image: file, fileName: file.name });
    expect([r.status, r.data.ok]).toEqual([200, true]);
    const [row] = await h.db.select().from(aboutUsCarouselImages);
    const meta = await sharp(storedPath(storage.root, row?.imageUrl ?? "")).metadata();
    // Smaller than 300x300 on one side: never enlarged, only cut where it is larger.
    expect([meta.width, meta.height]).toEqual([200, 300]);
  });
});

describe("an iPhone's HEIC", () => {
  it("is recognised from its first bytes, and AVIF is not taken for it", () => {
    expect(isHeicBytes(heicBytes())).toBe(true);
    const avif = new TextEncoder().encode("\0\0\0\x1cftypavif\0\0\0\0avifmif1miaf");
    expect(isHeicBytes(avif)).toBe(false);
    expect(isHeicBytes(new TextEncoder().encode("\xff\xd8\xff\xe0 a JPEG"))).toBe(false);
  });

  it("is refused with how to send it as JPG, since this sharp cannot decode it", async () => {
    expect(CAN_DECODE_HEIC).toBe(false);
    const heic = new File([heicBytes()], "IMG_2042.HEIC", { type: "image/heic" });
    const r = await post({ intent: "customer-photo-upload", image: heic, fileName: heic.name });
    expect(r.status).toBe(400);
    expect(r.data.message).toEqual(
      expect.objectContaining({
        title: "Error de Subida",
        description:
          "No se pudo subir el archivo IMG_2042.HEIC. Esta foto está en formato HEIC del iPhone, que no se puede abrir aquí. En el iPhone: Ajustes › Cámara › Formatos › «Más compatible», o compártela como JPG.",
      }),
    );
    const hero = await post({ intent: "hero-gallery-add", image: heic, fileName: heic.name });
    expect(hero.data.message?.description).toMatch(/^Esta foto está en formato HEIC del iPhone/);
    expect(await h.db.select().from(aboutUsCarouselImages)).toEqual([]);
  });
});
