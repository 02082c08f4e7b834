import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute, rootData } from "~/test/render-route";
import PersonalShopPage from "./route";

describe("/personal-shop", () => {
  it("has one page title and a section heading for each part", () => {
    renderRoute(PersonalShopPage, { path: "/personal-shop" });
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Personal Shop"]);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "¿Por qué usar Personal Shop?",
      "¿Cómo funciona?",
      "Lo que pagas",
      "Más de 1000 tiendas a tu alcance",
    ]);
  });

  it("numbers the five steps of the service for screen readers too", () => {
    renderRoute(PersonalShopPage, { path: "/personal-shop" });
    const steps = within(screen.getByRole("list", { name: "Pasos del servicio" })).getAllByRole("heading");
    expect(steps.map((h) => h.textContent)).toEqual([
      "Paso 1: Escríbenos",
      "Paso 2: Envía tu lista",
      "Paso 3: Recibe tu cotización",
      "Paso 4: Compramos por ti",
      "Paso 5: Recíbelo en casa",
    ]);
  });

  it("opens WhatsApp at the shop's number in a new tab, with the Personal Shop message", () => {
    const contact = { ...rootData().contact, whatsapp: "+50588887777" };
    renderRoute(PersonalShopPage, { path: "/personal-shop", root: { contact } });
    const cta = screen.getByRole("link", { name: /Comenzar Compra Personal/ });
    const href = new URL(cta.getAttribute("href") ?? "");
    expect(href.origin + href.pathname).toBe("https://wa.me/50588887777");
    expect(href.searchParams.get("text")).toMatch(/^Hola, me interesa el servicio de Personal Shop/);
    expect(cta.getAttribute("target")).toBe("_blank");
    expect(cta.getAttribute("rel")).toContain("noopener");
  });
});
