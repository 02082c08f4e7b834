import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { browserResize } from "~/lib/images";
import { prepareUpload } from "./prepare";
import { resizeImage } from "./resize";

// The browser's step (issue 42) in a DOM without a real canvas: the decoder, the 2D context and the
// encoder are stand-ins that record what the code asks of them, so the cut, the size, the format
// and the name can be checked; the pixels themselves are drawn by the browser.

type Drawn = { canvas: { width: number; height: number }; args: number[] };
let drawn: Drawn[];
let encodes: string[];
let decodable: (file: Blob) => boolean;
/** The formats this 'browser' can encode (Safari: no WebP, it answers PNG instead). */
let encodable: Set<string>;

beforeEach(() => {
  drawn = [];
  encodes = [];
  decodable = (file) => !/heic/.test(file.type);
  encodable = new Set(["image/webp", "image/jpeg", "image/png"]);
  vi.stubGlobal(
    "createImageBitmap",
    vi.fn(async (file: Blob) => {
      if (!decodable(file)) throw new DOMException("The source image could not be decoded.");
      return { width: 4000, height: 3000, close: vi.fn() };
    }),
  );
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(function (this: HTMLCanvasElement) {
    return {
      drawImage: (_image: unknown, ...args: number[]) => {
        drawn.push({ canvas: { width: this.width, height: this.height }, args });
      },
      getImageData: (_x: number, _y: number, w: number, h: number) => ({
        data: new Uint8ClampedArray(w * h * 4),
      }),
      putImageData: vi.fn(),
    } as unknown as CanvasRenderingContext2D;
  } as never);
  vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation((done, type = "image/png") => {
    encodes.push(type);
    const written = encodable.has(type) ? type : "image/png";
    done(new Blob([new Uint8Array(1000)], { type: written }));
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const cameraPhoto = (name = "IMG_2041.jpg", type = "image/jpeg") =>
  new File([new Uint8Array(16)], name, { type });

describe("resizing in the browser before the upload", () => {
  it("cuts a 4000x3000 photo to the customer square (300x300) from the centre, as WebP", async () => {
    const file = await resizeImage(cameraPhoto(), browserResize("customer"));
    expect(drawn).toEqual([
      { canvas: { width: 300, height: 300 }, args: [500, 0, 3000, 3000, 0, 0, 300, 300] },
    ]);
    expect([file.name, file.type]).toEqual(["resized-IMG_2041.webp", "image/webp"]);
    expect(encodes).toEqual(["image/webp"]);
  });

  it("fits a hero image inside 1920x1080, whole", async () => {
    await resizeImage(cameraPhoto(), browserResize("hero"));
    expect(drawn[0]).toEqual({
      canvas: { width: 1440, height: 1080 },
      args: [0, 0, 4000, 3000, 0, 0, 1440, 1080],
    });
  });

  it("writes JPEG where the browser cannot encode WebP (Safari), and PNG for a logo's transparency", async () => {
    encodable.delete("image/webp");
    const photo = await resizeImage(cameraPhoto(), browserResize("customer"));
    expect([photo.name, photo.type]).toEqual(["resized-IMG_2041.jpg", "image/jpeg"]);
    const logo = await resizeImage(cameraPhoto("logo.png", "image/png"), browserResize("logo"));
    expect([logo.name, logo.type]).toEqual(["resized-logo.png", "image/png"]);
  });
});

describe("preparing an upload", () => {
  it("takes an 8.8 MB camera photo for the customer photos and sends the small file", async () => {
    const big = new File([new Uint8Array(9_227_468)], "IMG_2041.jpg", { type: "image/jpeg" });
    const prepared = await prepareUpload(big, "customer");
    expect(prepared).toMatchObject({ ok: true });
    expect(prepared.ok && prepared.file.size).toBe(1000);
  });

  it("converts a HEIC the browser can open (Safari), and refuses one it cannot with the way out", async () => {
    const heic = cameraPhoto("IMG_2042.HEIC", "image/heic");
    decodable = () => true;
    const converted = await prepareUpload(heic, "customer");
    expect(converted.ok && [converted.file.name, converted.file.type]).toEqual([
      "resized-IMG_2042.webp",
      "image/webp",
    ]);
    decodable = (file) => !/heic/.test(file.type);
    expect(await prepareUpload(heic, "hero")).toEqual({ ok: false, refusal: "heic" });
  });

  it("sends the original of another format the browser could not resize, saying why", async () => {
    decodable = () => false;
    const original = cameraPhoto();
    const prepared = await prepareUpload(original, "hero");
    expect(prepared).toEqual({
      ok: true,
      file: original,
      resizeError: "No se pudo procesar la imagen: el navegador no pudo leer el archivo como imagen",
    });
  });
});
