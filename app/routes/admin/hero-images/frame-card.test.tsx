import { fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { HERO_STYLE_DEFAULTS } from "~/lib/hero";
import { findJargon } from "~/lib/plain-words";
import { SITE_TEXT_DEFAULTS } from "~/lib/site";
import { renderRoute } from "~/test/render-route";
import { FrameCard } from "./frame-card";
import type { HeroImageView } from "./types";

// Issue 42, 'Encuadre': she taps the picture (or uses the arrows, or types the numbers) and the
// phone's and computer's previews, drawn by the landing's own components, follow at once.

const image = (n: number, over: Partial<HeroImageView> = {}): HeroImageView => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  imageUrl: `/files/site-assets/public/hero-gallery/${n}.webp`,
  altText: "Nuestro mini market latino en Miami",
  displayOrder: n,
  style: HERO_STYLE_DEFAULTS,
  focalX: 50,
  focalY: 50,
  overlay: "auto",
  brightness: 50,
  ...over,
});

function show(main: HeroImageView | null, gallery: HeroImageView[] = []) {
  renderRoute(() => <FrameCard main={main} gallery={gallery} />, { path: "/admin/hero-images" });
  const card = screen.getByRole("region", { name: "Encuadre" });
  for (const d of card.querySelectorAll("details")) d.open = true;
  return card;
}
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
/** The previews' pictures and dark layers (decorative: found by their frames). */
const previews = (card: HTMLElement) => [...card.querySelectorAll<HTMLElement>("figure")];
const positions = (card: HTMLElement) =>
  previews(card).map((f) => f.querySelector<HTMLImageElement>("img")?.style.objectPosition);
const overlays = (card: HTMLElement) =>
  previews(card).map((f) => f.querySelector<HTMLElement>(".bg-black")?.style.opacity);

/** The screen after card 2 saved 'Derecha' (the loader's new data, as a button here). */
function SavedElsewhere() {
  const [main, setMain] = useState(image(0, { displayOrder: 0 }));
  return (
    <>
      <button type="button" onClick={() => setMain({ ...main, focalX: 100, overlay: "claro" })}>
        Derecha guardada
      </button>
      <FrameCard main={main} gallery={[]} />
    </>
  );
}

describe("'Encuadre' (issue 42)", () => {
  it("lists every hero image with its point and darkening, main first", () => {
    const card = show(image(0, { displayOrder: 0, focalX: 95, overlay: "oscuro" }), [image(1)]);
    const summaries = [...card.querySelectorAll("summary")].map((s) => s.textContent);
    expect(summaries).toEqual([
      "Imagen principalPunto 95 % · 50 % · Oscurecido: Mucho",
      "Galería: imagen 1Punto 50 % · 50 % · Oscurecido: Automático",
    ]);
    // Each option says in one sentence what it does; 'Automático' how much it darkens this photo.
    expect(within(card).getAllByText(/Oscurece más las fotos claras/)).toHaveLength(2);
    expect(within(card).getAllByText(/con esta foto oscurece un 53 %/)).toHaveLength(2);
    // Her words: no id, file name or English, the buttons' names included.
    const names = within(card)
      .getAllByRole("button")
      .map((b) => b.getAttribute("aria-label") ?? "");
    expect(findJargon(`${card.textContent} ${names.join(" ")}`)).toEqual([]);
  });

  it("moves the point where she taps, by 5 % with the arrows, and the previews follow", () => {
    const card = show(image(0, { displayOrder: 0 }));
    const picker = within(card).getByRole("button", { name: /Elegir el punto que siempre se ve/ });
    expect(picker.getAttribute("aria-label")).toBe(
      "Elegir el punto que siempre se ve (Imagen principal): 50 % horizontal, 50 % vertical",
    );
    picker.getBoundingClientRect = () => ({ left: 10, top: 20, width: 200, height: 100 }) as DOMRect;
    fireEvent.click(picker, { clientX: 200, clientY: 45, detail: 1 });
    expect([value("Horizontal (%)"), value("Vertical (%)")]).toEqual(["95", "25"]);
    expect(positions(card)).toEqual(["95% 25%", "95% 25%"]);
    // Phone and computer, each with the site's title over the picture.
    expect(previews(card).map((f) => f.querySelector("figcaption")?.textContent)).toEqual([
      "En un teléfono",
      "En una computadora",
    ]);
    expect(within(card).getAllByText(SITE_TEXT_DEFAULTS.heroTitle)).toHaveLength(2);

    fireEvent.keyDown(picker, { key: "ArrowRight" });
    fireEvent.keyDown(picker, { key: "ArrowRight" });
    fireEvent.keyDown(picker, { key: "ArrowUp" });
    expect([value("Horizontal (%)"), value("Vertical (%)")]).toEqual(["100", "20"]);
    // Enter on the button is no tap on the picture.
    fireEvent.click(picker, { clientX: 0, clientY: 0, detail: 0 });
    expect(positions(card)).toEqual(["100% 20%", "100% 20%"]);
    expect(within(card).getByText("Punto en 100 % horizontal y 20 % vertical.")).toBeTruthy();
  });

  it("follows the typed numbers and the chosen darkening", () => {
    const card = show(image(0, { displayOrder: 0, brightness: 100 }));
    expect(overlays(card)).toEqual(["0.85", "0.85"]);
    fireEvent.change(screen.getByLabelText("Horizontal (%)"), { target: { value: "12" } });
    expect(positions(card)).toEqual(["12% 50%", "12% 50%"]);
    fireEvent.click(within(card).getByRole("radio", { name: /Sin oscurecer/ }));
    expect(overlays(card)).toEqual(["0", "0"]);
    fireEvent.click(within(card).getByRole("radio", { name: /Mucho/ }));
    expect(overlays(card)).toEqual(["0.7", "0.7"]);
    expect(within(card).getByRole("button", { name: "Guardar encuadre" })).toBeTruthy();
  });

  it("shows a point saved elsewhere (card 2's positions) without closing the fold", () => {
    renderRoute(SavedElsewhere, { path: "/admin/hero-images" });
    const card = screen.getByRole("region", { name: "Encuadre" });
    const fold = card.querySelector("details");
    if (fold) fold.open = true;
    fireEvent.click(screen.getByRole("button", { name: "Derecha guardada" }));
    expect([value("Horizontal (%)"), value("Vertical (%)")]).toEqual(["100", "50"]);
    expect((within(card).getByRole("radio", { name: /Poco/ }) as HTMLInputElement).checked).toBe(true);
    expect(card.querySelector("details")?.open).toBe(true);
  });

  it("asks for an image first when there is none", () => {
    show(null);
    expect(screen.getByText("Sube primero una imagen.")).toBeTruthy();
  });
});
