import { describe, expect, it } from "vitest";
import { customerPhotosUploaded } from "./customer-photos";
import { plural } from "./plural";

describe("counts in words (issue 42: never '1 imágenes subidas')", () => {
  it("takes the singular for one and the plural for any other count", () => {
    expect(plural(1, "imagen subida", "imágenes subidas")).toBe("1 imagen subida");
    expect(plural(2, "imagen subida", "imágenes subidas")).toBe("2 imágenes subidas");
    expect(plural(0, "imagen subida", "imágenes subidas")).toBe("0 imágenes subidas");
    expect(plural(1, "imagen no se pudo subir", "imágenes no se pudieron subir")).toBe(
      "1 imagen no se pudo subir",
    );
    expect(plural(3, "imagen no se pudo subir", "imágenes no se pudieron subir")).toBe(
      "3 imágenes no se pudieron subir",
    );
  });
});

describe("the 'Carrusel Clientes' batch toast", () => {
  it("counts what was stored, in the singular for one photo", () => {
    expect(customerPhotosUploaded(1)).toEqual({ title: "Éxito", description: "1 imagen subida y guardada." });
    expect(customerPhotosUploaded(2)).toEqual({
      title: "Éxito",
      description: "2 imágenes subidas y guardadas.",
    });
  });

  it("also counts what was refused, whose reasons stay in the list", () => {
    expect(customerPhotosUploaded(1, 1)).toEqual({
      title: "Subida incompleta",
      description: "1 imagen subida y guardada. 1 imagen no se pudo subir: el motivo está en la lista.",
      variant: "warning",
    });
    expect(customerPhotosUploaded(0, 2)).toEqual({
      title: "Error de Subida",
      description: "2 imágenes no se pudieron subir: el motivo está en la lista.",
      variant: "destructive",
    });
    // One refused photo alone: its own toast ('No se pudo subir el archivo …') already says why.
    expect(customerPhotosUploaded(0, 1)).toBeNull();
    expect(customerPhotosUploaded(0, 0)).toBeNull();
  });
});
