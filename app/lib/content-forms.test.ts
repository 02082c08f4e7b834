import { describe, expect, it } from "vitest";
import { phoneSchema, siteTextSchema, whatsappLinkSchema } from "./content-forms";
import { SITE_TEXT_DEFAULTS, SITE_TEXT_KEYS } from "./site";

describe("site text form", () => {
  it("has a field for every site text key", () => {
    expect(Object.keys(siteTextSchema.shape).sort()).toEqual([...SITE_TEXT_KEYS].sort());
    expect(siteTextSchema.safeParse(SITE_TEXT_DEFAULTS).success).toBe(true);
  });

  it("checks phones for the country (US unless a code is given) and writes them the international way", () => {
    expect(phoneSchema.parse("(305) 555-0199")).toBe("+1 305 555 0199");
    expect(phoneSchema.parse("+505 8888 1234")).toBe("+505 8888 1234");
    expect(phoneSchema.parse("")).toBe("");
    for (const bad of ["12", "305", "+505 12", "llámame"])
      expect(phoneSchema.safeParse(bad).success, bad).toBe(false);
  });

  it("takes only complete WhatsApp links", () => {
    for (const ok of ["https://wa.me/13055550100", "https://api.whatsapp.com/send?phone=50588881234", ""])
      expect(whatsappLinkSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of [
      "wa.me/13055550100",
      "http://wa.me/13055550100",
      "https://wa.me/+1 305",
      "https://evil.example/wa.me/1",
    ])
      expect(whatsappLinkSchema.safeParse(bad).success, bad).toBe(false);
  });
});
