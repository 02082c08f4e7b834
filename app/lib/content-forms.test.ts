import { describe, expect, it } from "vitest";
import { hoursSchema, phoneSchema, siteTextFormValues, siteTextOf, siteTextSchema } from "./content-forms";
import { DEFAULT_SITE_CONTACT, SITE_TEXT_DEFAULTS, SITE_TEXT_KEYS } from "./site";
import { siteContact } from "./site-contact";

const form = (over: Record<string, string | undefined> = {}) => ({
  ...siteTextFormValues(SITE_TEXT_DEFAULTS),
  ...over,
});

describe("site text form", () => {
  it("has a field for every site text key, and the defaults save as they are", () => {
    const keys = Object.keys(siteTextSchema.shape).filter((k) => k !== "whatsappSame");
    expect(keys.sort()).toEqual([...SITE_TEXT_KEYS].sort());
    const parsed = siteTextSchema.safeParse(form());
    expect(parsed.success && siteTextOf(parsed.data)).toEqual(SITE_TEXT_DEFAULTS);
  });

  it("checks phones for the country (US unless a code is given) and stores them in E.164", () => {
    expect(phoneSchema.parse("(305) 555-0199")).toBe("+13055550199");
    expect(phoneSchema.parse("+505 8888 1234")).toBe("+50588881234");
    expect(phoneSchema.parse("")).toBe("");
    for (const bad of ["12", "305", "+505 12", "llámame"])
      expect(phoneSchema.safeParse(bad).success, bad).toBe(false);
  });

  it("uses the contact phone for WhatsApp unless 'Usar el mismo número' is off", () => {
    const same = siteTextSchema.parse(form({ whatsappNumber: "+505 8888 1234" }));
    expect(siteTextOf(same).whatsappNumber).toBe("");
    const own = siteTextSchema.parse(form({ whatsappSame: undefined, whatsappNumber: "+505 8888 1234" }));
    expect(siteTextOf(own).whatsappNumber).toBe("+50588881234");
    for (const bad of ["", "https://wa.me/50588881234x", "12345"]) {
      const r = siteTextSchema.safeParse(form({ whatsappSame: undefined, whatsappNumber: bad }));
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(["whatsappNumber"]);
    }
  });

  it("reads opening hours as the chat does and writes them one way", () => {
    expect(hoursSchema.parse("9am-6pm")).toBe("9:00 AM - 6:00 PM");
    expect(hoursSchema.parse("de 9 a 18")).toBe("9:00 AM - 6:00 PM");
    expect(hoursSchema.parse("cerrado")).toBe("Cerrado");
    expect(hoursSchema.parse("")).toBe("");
    for (const bad of ["todo el día", "9", "25:00 - 26:00", "6 PM - 9 AM"])
      expect(hoursSchema.safeParse(bad).success, bad).toBe(false);
  });

  it("shows stored numbers as people read them, and the checkbox on when WhatsApp has no number of its own", () => {
    expect(siteTextFormValues({ ...SITE_TEXT_DEFAULTS, whatsappNumber: "+50588881234" })).toMatchObject({
      contactPhone: "(305) 555-0100",
      whatsappNumber: "+505 8888 1234",
      whatsappSame: undefined,
    });
    expect(siteTextFormValues(SITE_TEXT_DEFAULTS).whatsappSame).toBe("on");
  });
});

describe("siteContact", () => {
  it("agrees with the defaults the pages use without root data", () => {
    expect(siteContact(SITE_TEXT_DEFAULTS)).toEqual(DEFAULT_SITE_CONTACT);
  });

  it("derives every link from the stored numbers, never from a value that is not one", () => {
    expect(siteContact({ contactPhone: "+50688887777", whatsappNumber: "" })).toMatchObject({
      phoneDisplay: "+506 8888 7777",
      phoneHref: "tel:+50688887777",
      whatsapp: "+50688887777",
      sameNumber: true,
    });
    expect(siteContact({ contactPhone: "+13055550100", whatsappNumber: "+50588881234" }).whatsapp).toBe(
      "+50588881234",
    );
    expect(
      siteContact({ contactPhone: "+13055550100", whatsappNumber: "https://chat.whatsapp.com/x" }).whatsapp,
    ).toBe("+13055550100");
    expect(siteContact({ contactPhone: "Llámanos", whatsappNumber: "" }).whatsapp).toBeNull();
  });
});
