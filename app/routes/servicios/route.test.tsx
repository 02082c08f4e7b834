import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mergePriceList } from "~/lib/price-list";
import { SITE_TEXT_DEFAULTS } from "~/lib/site";
import { renderRoute, rootData } from "~/test/render-route";
import ServiciosPage from "./route";

describe("/servicios", () => {
  it("shows the services title from the site text, and each service card links onwards", () => {
    renderRoute(ServiciosPage, { path: "/servicios" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(SITE_TEXT_DEFAULTS.servicesTitle);
    for (const title of ["Compras en Estados Unidos", "Envío de Paquetes", "Seguimiento de Pedidos"]) {
      expect(screen.getByRole("heading", { level: 2, name: title })).toBeTruthy();
    }
    const hrefOf = (name: string) => screen.getByRole("link", { name }).getAttribute("href");
    expect(hrefOf("Solicitar Servicio")).toBe("/contact");
    expect(hrefOf("Cotizar Envío")).toBe("/contact");
    expect(hrefOf("Consultar Estado")).toBe("/seguimiento");
  });

  it("uses the title the staff wrote in the site text", () => {
    const text = { ...rootData().text, servicesTitle: "Envíos a Centroamérica" };
    renderRoute(ServiciosPage, { path: "/servicios", root: { text } });
    expect(screen.getByRole("heading", { level: 1, name: "Envíos a Centroamérica" })).toBeTruthy();
  });

  it("lists the six box sizes with their prices, smallest first", () => {
    renderRoute(ServiciosPage, { path: "/servicios" });
    expect(
      screen.getByRole("heading", { level: 2, name: "Precios de Envío por Tamaño de Caja" }),
    ).toBeTruthy();
    const boxes = within(screen.getByRole("list", { name: "Precios por tamaño de caja" })).getAllByRole(
      "listitem",
    );
    expect(boxes.map((li) => li.textContent)).toEqual([
      "20×20×20pulgadas (51×51×51 cm)$245",
      "22×22×22pulgadas (56×56×56 cm)$260",
      "24×24×24pulgadas (61×61×61 cm)$285",
      "36×22×22pulgadas (91,5×56×56 cm)$320",
      "24×24×36pulgadas (61×61×91,5 cm)$370",
      "41×28×24pulgadas (104×71×61 cm)$450",
    ]);
  });

  it("shows the owner's price list and answers the calculator with it", () => {
    const prices = mergePriceList({
      boxes: [
        { id: "a", name: "Caja chica", inches: [20, 20, 20], priceCents: 25500 },
        { id: "b", name: "", inches: [30, 30, 30], priceCents: 39900 },
      ],
    });
    renderRoute(ServiciosPage, {
      path: "/servicios",
      url: "/servicios?largo=10&ancho=10&alto=10",
      root: { prices },
    });
    const boxes = within(screen.getByRole("list", { name: "Precios por tamaño de caja" })).getAllByRole(
      "listitem",
    );
    expect(boxes.map((li) => li.textContent)).toEqual([
      "Tu cajaCaja chica20×20×20pulgadas (51×51×51 cm)$255",
      "30×30×30pulgadas (76×76×76 cm)$399",
    ]);
    expect(screen.getByRole("status").textContent).toContain("$255");
  });

  it("answers the calculator's measurements from the URL and marks the box on the list", () => {
    renderRoute(ServiciosPage, { path: "/servicios", url: "/servicios?largo=30&ancho=20&alto=20" });
    expect(screen.getByRole("status").textContent).toContain(
      "Tu paquete cabe en la caja de 36×22×22 pulgadas",
    );
    expect(screen.getByRole("textbox", { name: "Largo (pulg.)" })).toHaveProperty("value", "30");
    const picked = within(screen.getByRole("list", { name: "Precios por tamaño de caja" }))
      .getAllByRole("listitem")
      .filter((li) => li.textContent?.includes("Tu caja"));
    expect(picked.map((li) => li.textContent)).toEqual(["Tu caja36×22×22pulgadas (91,5×56×56 cm)$320"]);
  });
});
