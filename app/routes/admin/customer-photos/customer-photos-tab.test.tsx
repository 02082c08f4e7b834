import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "~/test/render-route";
import { CustomerPhotosTab } from "./customer-photos-tab";

type Photos = Parameters<typeof CustomerPhotosTab>[0]["photos"];
const photo = (i: number, isActive = true) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  imageUrl: `/files/site-assets/customer-carousel/${i}.webp`,
  altText: i === 1 ? "Doña Marta" : "Cliente satisfecho",
  isActive,
});
const show = (photos: Photos) => renderRoute(() => <CustomerPhotosTab photos={photos} />, { path: "/admin" });
const zone = () => screen.getByLabelText(/JPG, PNG o WebP, máx 10MB cada una/) as HTMLInputElement;

describe("'Carrusel Clientes' tab (docs/product.md §3.2)", () => {
  it("says 'No hay imágenes' and 0/10 when there is none, with the zone ready for several files", async () => {
    show([]);
    expect(await screen.findByText("No hay imágenes")).toBeTruthy();
    expect(screen.getByText("0/10 activas")).toBeTruthy();
    expect(zone().disabled).toBe(false);
    expect(zone().multiple).toBe(true);
    expect(zone().accept).toBe("image/jpeg,image/png,image/webp");
  });

  it("shows each photo with its place, 'Activo' switch, description and buttons", async () => {
    show([photo(1), photo(2, false)]);
    const list = await screen.findByRole("list");
    const first = within(list).getByRole("listitem", { name: "Imagen 1 de 2" });
    expect(within(first).getByRole("img").getAttribute("alt")).toBe("Doña Marta");
    expect(within(first).getByRole("switch", { name: "Activo" }).getAttribute("aria-checked")).toBe("true");
    expect((within(first).getByLabelText("Descripción de la imagen 1") as HTMLInputElement).value).toBe(
      "Doña Marta",
    );
    expect(
      (within(first).getByRole("button", { name: "Mover imagen 1 antes" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    const second = within(list).getByRole("listitem", { name: "Imagen 2 de 2" });
    expect(within(second).getByRole("switch", { name: "Activo" }).getAttribute("aria-checked")).toBe("false");
    expect(
      (within(second).getByRole("button", { name: "Mover imagen 2 después" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    // Only active photos count towards the 10.
    expect(screen.getByText("1/10 activas")).toBeTruthy();
    expect(screen.getByText("1 desactivada")).toBeTruthy();
  });

  it("turns the zone off at 10 active photos, and on again when one is switched off", async () => {
    const { unmount } = show(Array.from({ length: 10 }, (_, i) => photo(i + 1)));
    expect(await screen.findByText("10/10 activas")).toBeTruthy();
    expect((screen.getByLabelText(/Ya hay 10 imágenes activas/) as HTMLInputElement).disabled).toBe(true);
    unmount();
    show(Array.from({ length: 10 }, (_, i) => photo(i + 1, i !== 3)));
    expect(await screen.findByText("9/10 activas")).toBeTruthy();
    expect(zone().disabled).toBe(false);
  });

  it("says the photos could not be loaded", async () => {
    show(null);
    expect((await screen.findByRole("alert")).textContent).toContain(
      "No se pudieron cargar las imágenes del carrusel.",
    );
  });
});
