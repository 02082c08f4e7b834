import { describe, expect, it } from "vitest";
import { fillSavedReply, firstName, SAVED_REPLY_PLACEHOLDERS } from "./saved-reply-text";

const SALUDO = "Hola {nombre}, gracias por escribirnos. ¿En qué te podemos ayudar?";
const GRACIAS = "Gracias por escribirnos, {nombre}. ¡Que tengas un buen día!";

describe("firstName", () => {
  it("keeps the first name only, capitalised", () => {
    expect(firstName("Rosa Pérez")).toBe("Rosa");
    expect(firstName("  rosa   pérez ")).toBe("Rosa");
    expect(firstName("Álvaro")).toBe("Álvaro");
    expect(firstName("María, de Managua")).toBe("María");
  });

  it("counts a made-up or missing name as none", () => {
    for (const none of [
      "Visitante 1002",
      "visitante",
      "Cliente Web",
      "cliente web",
      "",
      "   ",
      null,
      undefined,
    ]) {
      expect(firstName(none)).toBeNull();
    }
    expect(firstName("12345")).toBeNull();
  });
});

describe("fillSavedReply", () => {
  it("greets by first name", () => {
    expect(fillSavedReply(SALUDO, { nombre: "Rosa Pérez" })).toBe(
      "Hola Rosa, gracias por escribirnos. ¿En qué te podemos ayudar?",
    );
    expect(fillSavedReply(GRACIAS, { nombre: "Rosa Pérez" })).toBe(
      "Gracias por escribirnos, Rosa. ¡Que tengas un buen día!",
    );
  });

  it("reads naturally without a name: 'Hola,' and no dangling comma", () => {
    for (const nombre of ["Visitante 1002", "Cliente Web", "", null, undefined]) {
      expect(fillSavedReply(SALUDO, { nombre })).toBe(
        "Hola, gracias por escribirnos. ¿En qué te podemos ayudar?",
      );
      expect(fillSavedReply(GRACIAS, { nombre })).toBe("Gracias por escribirnos. ¡Que tengas un buen día!");
    }
    expect(fillSavedReply("¡Hola {nombre}!")).toBe("¡Hola!");
    expect(fillSavedReply("Hola {nombre}")).toBe("Hola");
    expect(fillSavedReply("Claro que sí {nombre} te esperamos")).toBe("Claro que sí te esperamos");
  });

  it("drops a name that opens a sentence and capitalises what follows", () => {
    expect(fillSavedReply("{nombre}, tu caja ya salió.")).toBe("Tu caja ya salió.");
    expect(fillSavedReply("{nombre}, ¿cómo estás?")).toBe("¿Cómo estás?");
    expect(fillSavedReply("Listo. {nombre}, ya puedes pasar.")).toBe("Listo. Ya puedes pasar.");
    expect(fillSavedReply("Primera línea\n{nombre}, segunda.")).toBe("Primera línea\nSegunda.");
    expect(fillSavedReply("{nombre}, tu caja ya salió.", { nombre: "rosa" })).toBe("Rosa, tu caja ya salió.");
  });

  it("puts the site's values in, and leaves unknown or missing placeholders as typed", () => {
    const vars = {
      precios: "• 20×20×20 pulgadas: $245",
      horario: "Lunes a Viernes: 9:00 AM - 6:00 PM",
      cajas: "• 20×20×20 pulgadas (51×51×51 cm)",
      seguimiento: "https://tienda.example/seguimiento",
    };
    expect(
      fillSavedReply("Precios:\n{precios}\nHorario:\n{horario}\nCajas:\n{cajas}\nVer {seguimiento}", vars),
    ).toBe(
      `Precios:\n${vars.precios}\nHorario:\n${vars.horario}\nCajas:\n${vars.cajas}\nVer ${vars.seguimiento}`,
    );
    // '$2' in a value is money, not a replacement pattern.
    expect(fillSavedReply("{precios}", { precios: "$245 y $260" })).toBe("$245 y $260");
    expect(fillSavedReply("Escribe {telefono} o {precios}", {})).toBe("Escribe {telefono} o {precios}");
    expect(fillSavedReply("{PRECIOS}", vars)).toBe(vars.precios);
  });

  it("names every placeholder it fills for the management screen", () => {
    expect(SAVED_REPLY_PLACEHOLDERS.map((p) => p.key)).toEqual([
      "nombre",
      "precios",
      "horario",
      "cajas",
      "seguimiento",
    ]);
    expect(SAVED_REPLY_PLACEHOLDERS[0]?.help).toBe("el nombre del cliente; si no lo sabemos, se omite");
  });
});
