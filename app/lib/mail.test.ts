import { describe, expect, it } from "vitest";
import { mailErrorText, maskEmail } from "./mail";

describe("the mail screens' words", () => {
  it("mask an address shown to someone who may not own it", () => {
    expect(maskEmail("rosa@gmail.com")).toBe("r***@gmail.com");
    expect(maskEmail("@x")).toBe("***");
  });

  it("say what the mail server's answer means, and keep the answer", () => {
    expect(mailErrorText("connect ECONNREFUSED 127.0.0.1:465")).toBe(
      "No se pudo conectar con el servidor de correo (connect ECONNREFUSED 127.0.0.1:465)",
    );
    expect(mailErrorText("Invalid login: 535 5.7.8 Authentication failed")).toMatch(
      /^El servidor de correo no aceptó el usuario o la contraseña de SMTP_URL/,
    );
    expect(mailErrorText("550 5.1.1 User unknown")).toMatch(
      /^El servidor de correo rechazó el mensaje \(550/,
    );
    expect(mailErrorText("451 Try later")).toMatch(/^El servidor de correo no aceptó el mensaje/);
  });
});
