import { describe, expect, it } from "vitest";
import {
  extractProductLink,
  LANDING_MARKETPLACES,
  listInSpanish,
  QUOTE_MARKETPLACES,
  quoteMessage,
} from "./marketplaces";

describe("marketplaces", () => {
  it("names two stores for quotes and three for the landing page", () => {
    expect(QUOTE_MARKETPLACES).toHaveLength(2);
    expect(LANDING_MARKETPLACES).toHaveLength(3);
  });

  it("joins names the Spanish way", () => {
    expect(listInSpanish(["Amazon", "SHEIN", "Walmart"])).toBe("Amazon, SHEIN y Walmart");
    expect(listInSpanish(["Amazon", "SHEIN"])).toBe("Amazon y SHEIN");
    expect(listInSpanish(["Amazon"])).toBe("Amazon");
    expect(listInSpanish(["Amazon", "SHEIN"], "o")).toBe("Amazon o SHEIN");
  });

  it("keeps only the link of a pasted share text", () => {
    expect(extractProductLink("  Mira esto: https://a.co/d/abc123 ¡barato!")).toBe("https://a.co/d/abc123");
    expect(extractProductLink(" amazon.com/dp/B0 ")).toBe("amazon.com/dp/B0");
  });

  it("builds the quote message with the store name and the link", () => {
    expect(quoteMessage("SHEIN", "https://us.shein.com/x")).toBe(
      "Hola, quiero cotizar este producto de SHEIN: https://us.shein.com/x",
    );
  });
});

describe("quote links", () => {
  it("accepts web links, also inside shared text, and refuses other text", async () => {
    const { isProductLink } = await import("./marketplaces");
    expect(isProductLink("https://www.amazon.com/dp/B0TEST")).toBe(true);
    expect(isProductLink("Mira esto https://a.co/d/abc123 ¡barato!")).toBe(true);
    for (const bad of [
      "esto no es un enlace",
      "amazon.com",
      "javascript:alert(1)",
      "https://localhost/x",
      "ftp://x.com/a",
    ])
      expect(isProductLink(bad)).toBe(false);
  });
});
