import { describe, expect, it } from "vitest";
import { browserResize } from "./images";
import {
  acceptFor,
  checkUpload,
  HEIC_REFUSAL,
  UPLOAD_ROUTES,
  UPLOAD_RULES,
  uploadBodyBytes,
  uploadRefusalDetail,
  uploadRefusalMessage,
} from "./uploads";

const MB = 1024 * 1024;

describe("upload rules shared by the browser and the server (docs/product.md §4.5)", () => {
  it("lets customer photos be JPEG, PNG or WebP as a phone takes them (up to 10 MB), stored at 2 MB at most", () => {
    expect(checkUpload({ size: 8.8 * MB, type: "image/jpeg" }, "customer")).toBeNull();
    expect(checkUpload({ size: 10 * MB, type: "image/png" }, "customer")).toBeNull();
    expect(checkUpload({ size: 10 * MB + 1, type: "image/jpeg" }, "customer")).toBe("too-large");
    expect(UPLOAD_RULES.customer.storedMaxBytes).toBe(2 * MB);
    expect(checkUpload({ size: 1000, type: "image/gif" }, "customer")).toBe("wrong-type");
    expect(checkUpload({ size: 1000, type: "image/svg+xml" }, "customer")).toBe("svg");
    expect(checkUpload({ size: 0, type: "image/png" }, "customer")).toBe("empty");
    expect(acceptFor("customer")).toBe("image/jpeg,image/png,image/webp");
  });

  it("lets product photos be any raster image up to 10 MB, never SVG", () => {
    expect(checkUpload({ size: 10 * MB, type: "image/gif" }, "product")).toBeNull();
    expect(checkUpload({ size: 10 * MB + 1, type: "image/jpeg" }, "product")).toBe("too-large");
    expect(checkUpload({ size: 10, type: "image/svg+xml" }, "product")).toBe("svg");
    expect(acceptFor("product")).toBe("image/*");
  });

  it("words refusals as the spec does, with each kind's own limit", () => {
    expect(uploadRefusalMessage("too-large", "product")).toBe("La imagen es demasiado grande (máx 10MB).");
    expect(uploadRefusalDetail("too-large", "customer")).toBe("La imagen es demasiado grande (máx 10MB).");
    expect(uploadRefusalMessage("too-large", "banner")).toBe("La imagen es demasiado grande. Máximo 10MB.");
    expect(uploadRefusalMessage("not-an-image", "hero")).toBe(
      "Error al subir imagen: El archivo no es una imagen válida.",
    );
    expect(uploadRefusalDetail("wrong-type", "customer")).toBe(
      "Formato de imagen no válido. Use JPG, PNG o WebP.",
    );
  });

  it("says when the picture still weighs too much after the server reduced it, with the stored limit", () => {
    expect(uploadRefusalDetail("stored-too-large", "customer")).toBe(
      "La foto sigue pesando demasiado después de reducirla (máximo 2 MB). Prueba con otra foto o recórtala.",
    );
    for (const kind of ["logo", "banner"] as const) {
      expect(uploadRefusalMessage("stored-too-large", kind)).toBe(
        "La foto sigue pesando demasiado después de reducirla (máximo 5 MB). Prueba con otra foto o recórtala.",
      );
    }
  });

  it("resizes in the browser to the bounds the server stores, sharpening only product photos", () => {
    const common = { sharpen: false, fit: "inside", fallbackType: "image/jpeg" };
    expect(browserResize("hero")).toEqual({ ...common, maxWidth: 1920, maxHeight: 1080, quality: 0.9 });
    expect(browserResize("banner")).toEqual({ ...common, maxWidth: 1920, maxHeight: 1080, quality: 0.9 });
    expect(browserResize("customer")).toEqual({
      ...common,
      maxWidth: 300,
      maxHeight: 300,
      quality: 0.8,
      fit: "cover",
    });
    expect(browserResize("product")).toEqual({
      ...common,
      maxWidth: 800,
      maxHeight: 800,
      quality: 0.9,
      sharpen: true,
    });
    // A logo keeps its transparency where the browser cannot write WebP.
    expect(browserResize("logo")).toMatchObject({ maxWidth: 640, maxHeight: 200, fallbackType: "image/png" });
  });

  it("takes a phone's photo (10 MB) on every admin upload, the browser's check and the body limit alike (issue 42)", () => {
    for (const kind of ["product", "hero", "customer", "logo", "banner"] as const) {
      expect(checkUpload({ size: 10 * MB, type: "image/jpeg" }, kind)).toBeNull();
    }
    for (const route of Object.values(UPLOAD_ROUTES)) {
      expect(uploadBodyBytes(route)).toBeGreaterThan(10 * MB);
    }
  });

  it("lets a phone's HEIC through to the browser's conversion, and says how to avoid it when it fails", () => {
    expect(checkUpload({ size: 3 * MB, type: "image/heic", name: "IMG_2041.HEIC" }, "customer")).toBeNull();
    expect(checkUpload({ size: 3 * MB, type: "", name: "IMG_2041.heic" }, "hero")).toBeNull();
    expect(uploadRefusalMessage("heic", "hero")).toBe(
      "Esta foto está en formato HEIC del iPhone, que no se puede abrir aquí. En el iPhone: Ajustes › Cámara › Formatos › «Más compatible», o compártela como JPG.",
    );
    expect(uploadRefusalDetail("heic", "chat")).toBe(HEIC_REFUSAL);
  });
});
