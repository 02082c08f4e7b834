import { describe, expect, it } from "vitest";
import { contactMailto, EMPTY_CONTACT, missingFields } from "./contact-fields";

const filled = {
  firstName: " Ana ",
  lastName: "Martínez",
  email: "ana@example.com",
  phone: "",
  message: "¿Cuánto cuesta enviar una caja a Managua?",
};

describe("contact mailto", () => {
  it("writes to the shop with the spec's subject and body", () => {
    const url = new URL(contactMailto("info@tienda.example", filled));
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe("info@tienda.example");
    expect(url.searchParams.get("subject")).toBe("Nuevo mensaje de Ana Martínez");
    expect(url.searchParams.get("body")).toBe(
      "Nombre: Ana Martínez\r\nEmail: ana@example.com\r\nTeléfono: No proporcionado\r\n\r\n" +
        "Mensaje:\r\n¿Cuánto cuesta enviar una caja a Managua?",
    );
  });

  it("includes the phone when given", () => {
    const url = new URL(contactMailto("a@b.c", { ...filled, phone: "+505 8888 1234" }));
    expect(url.searchParams.get("body")).toContain("Teléfono: +505 8888 1234");
  });

  it("encodes characters that would break the link", () => {
    const url = contactMailto("a@b.c", { ...filled, message: "Caja 20x20 & más?\n#2" });
    // One '?' and one '&' (between subject and body), no raw '#' that would cut the link.
    expect(url.split("?")).toHaveLength(2);
    expect(url.split("&")).toHaveLength(2);
    expect(url).not.toContain("#");
    expect(new URL(url).searchParams.get("body")).toContain("Caja 20x20 & más?\n#2");
  });
});

describe("missingFields", () => {
  it("lists the required fields left empty or blank", () => {
    expect(missingFields(EMPTY_CONTACT)).toEqual(["firstName", "lastName", "email", "message"]);
    expect(missingFields({ ...filled, email: "  " })).toEqual(["email"]);
    expect(missingFields(filled)).toEqual([]);
  });
});
