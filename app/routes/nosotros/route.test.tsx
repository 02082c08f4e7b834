import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SITE_SETTINGS_DEFAULTS } from "~/lib/site";
import { renderRoute } from "~/test/render-route";
import NosotrosPage from "./route";

const photos = [
  { id: "p1", src: "/files/site-assets/customer-carousel/1-a.webp", alt: "Familia Pérez en Managua" },
  { id: "p2", src: "/files/site-assets/customer-carousel/2-b.webp", alt: "Cliente Satisfecho" },
];

describe("/nosotros", () => {
  it("tells the shop's story under its own name", () => {
    const settings = { ...SITE_SETTINGS_DEFAULTS, siteName: "La Tiendita de Doña Rosa" };
    renderRoute(NosotrosPage, { path: "/nosotros", loaderData: { photos: [] }, root: { settings } });
    expect(screen.getByRole("heading", { level: 1, name: "Nosotros" })).toBeTruthy();
    const story = screen.getByRole("region", { name: "Un pedacito de casa en Miami" });
    expect(story.textContent).toContain("La Tiendita de Doña Rosa nació para servir");
  });

  it("shows the customer photos from the loader, each opening larger", () => {
    renderRoute(NosotrosPage, { path: "/nosotros", loaderData: { photos } });
    const carousel = screen.getByRole("region", { name: "Fotos de nuestros clientes" });
    expect(screen.getByRole("heading", { level: 2, name: "Clientes Satisfechos" })).toBeTruthy();
    expect(
      within(carousel)
        .getAllByRole("img")
        .map((img) => img.getAttribute("alt")),
    ).toEqual(["Familia Pérez en Managua", "Cliente Satisfecho"]);
    expect(within(carousel).getByRole("button", { name: "Ampliar foto 2 de 2" })).toBeTruthy();
  });

  it("leaves the customers' section out when there is no photo", () => {
    renderRoute(NosotrosPage, { path: "/nosotros", loaderData: { photos: [] } });
    expect(screen.queryByRole("heading", { name: "Clientes Satisfechos" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Fotos de nuestros clientes" })).toBeNull();
  });
});
