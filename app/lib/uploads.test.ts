import { describe, expect, it } from "vitest";
import { browserResize } from "./images";
import { acceptFor, checkUpload, uploadRefusalDetail, uploadRefusalMessage } from "./uploads";

const MB = 1024 * 1024;

describe("upload rules shared by the browser and the server (docs/product.md §4.5)", () => {
  it("lets customer photos be JPEG, PNG or WebP up to 2 MB each", () => {
    expect(checkUpload({ size: 2 * MB, type: "image/png" }, "customer")).toBeNull();
    expect(checkUpload({ size: 2 * MB + 1, type: "image/jpeg" }, "customer")).toBe("too-large");
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
    expect(uploadRefusalDetail("too-large", "customer")).toBe("La imagen es demasiado grande (máx 2MB).");
    expect(uploadRefusalMessage("not-an-image", "hero")).toBe(
      "Error al subir imagen: El archivo no es una imagen válida.",
    );
    expect(uploadRefusalDetail("wrong-type", "customer")).toBe(
      "Formato de imagen no válido. Use JPG, PNG o WebP.",
    );
  });

  it("resizes in the browser to the bounds the server stores, sharpening only product photos", () => {
    expect(browserResize("hero")).toEqual({ maxWidth: 1920, maxHeight: 1080, quality: 0.9, sharpen: false });
    expect(browserResize("customer")).toEqual({
      maxWidth: 300,
      maxHeight: 300,
      quality: 0.8,
      sharpen: false,
    });
    expect(browserResize("product")).toEqual({ maxWidth: 800, maxHeight: 800, quality: 0.9, sharpen: true });
  });
});
