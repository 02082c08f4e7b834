import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { axeViolations } from "./axe";
import { everyAgentOffline, expect, test } from "./fixtures";

/** A small PNG as a phone would pick it. */
async function photo(name: string, rgb: [number, number, number]) {
  const [r, g, b] = rgb;
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

async function openWidget(v: Page) {
  await v.getByRole("button", { name: "Abrir chat" }).click();
  const panel = v.getByRole("dialog");
  await expect(panel.getByText("¿Tiene preguntas? Me gustaría ayudarle.")).toBeVisible();
  return panel;
}

/** Picks a photo in `scope` (the widget or the inbox) and sends it from its preview, with `caption` if any. */
async function sendsPhoto(scope: Locator, file: Awaited<ReturnType<typeof photo>>, caption = "") {
  await scope.getByLabel("Enviar una foto").setInputFiles(file);
  const draft = scope.getByRole("group", { name: "Foto para enviar" });
  if (caption) await draft.getByLabel("Añade un comentario (opcional)").fill(caption);
  await draft.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(draft).toBeHidden();
}

async function visitorSends(panel: Locator, text: string) {
  await panel.getByLabel("Mensaje", { exact: true }).fill(text);
  await panel.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(panel.getByText(text)).toBeVisible();
}

/**
 * The chat of ADR 0013, the visitor's side: a phone visitor and a desktop staff member in two browser contexts.
 * Saturday 3 PM in Miami (the visitor's clock): the shop opens again on Monday.
 */
test("offline hours, live presence, contact details and photos both ways, also across a dropped connection", async ({
  staffPage,
  staffRequest,
  visitorPhone,
}) => {
  await everyAgentOffline(staffRequest);
  // The visitor is on a phone (visitorPhone); the staff side is the desktop inbox, hence *.desktop.spec.ts.
  test.setTimeout(180_000);
  const v = await visitorPhone();
  await v.clock.setFixedTime(new Date("2026-11-28T20:00:00Z"));
  await v.goto("/");
  const panel = await openWidget(v);
  await expect(
    panel.getByRole("heading", { name: "Fuera de línea - Te responderemos pronto" }),
  ).toBeVisible();
  await expect(
    // Miami's hour, said so where the browser's clock reads another (issue 41).
    panel.getByText(
      /^Abrimos el lunes a las 9:00 AM( \(hora de Miami\))?\. Responderemos tu mensaje entonces\.$/,
    ),
  ).toBeVisible();

  // Staff go online: the open widget (no conversation yet) shows them within 2 s, no reload.
  const s = await staffPage("operador");
  await s.goto("/admin/chat");
  // The header's status control (every staff page has it): open it and choose (issue 41).
  await s.getByRole("button", { name: /^Tu estado en el chat: / }).click();
  await s
    .getByRole("group", { name: "Tu estado en el chat" })
    .getByRole("radio", { name: "En línea", exact: true })
    .click();
  await expect(s.getByRole("button", { name: "Tu estado en el chat: En línea" })).toBeVisible();
  // Their name, or the generic online title while another agent of an earlier test is still shown.
  await expect(
    panel.getByRole("heading", { name: /^(Operador|Atención al Cliente - En línea)$/ }),
  ).toBeVisible({ timeout: 2_000 });
  await expect(panel.getByText("Abrimos el lunes")).toBeHidden();

  // After the first message the widget offers the contact form, without blocking the chat.
  const question = `¿Cuánto cuesta la caja grande? ${Date.now()}`;
  await visitorSends(panel, question);
  const contact = panel.getByRole("form", { name: "Para avisarte si te vas" });
  await expect(contact).toBeVisible();
  await expect(panel.getByLabel("Mensaje", { exact: true })).toBeEnabled();
  expect(await axeViolations(v, { feature: true })).toEqual([]);
  await contact.getByLabel("Nombre").fill("Ana Pérez");
  await contact.getByLabel("País del número").selectOption("NI");
  await contact.getByLabel("WhatsApp").fill("12");
  await contact.getByRole("button", { name: "Guardar" }).click();
  await expect(contact.getByText("Número de teléfono inválido.", { exact: false })).toBeVisible();
  await contact.getByLabel("WhatsApp").fill("8765 4321");
  await contact.getByRole("button", { name: "Guardar" }).click();
  await expect(panel.getByText("¡Gracias! Te escribiremos si te vas.")).toBeVisible();
  await panel.getByRole("button", { name: "Cerrar", exact: true }).click();
  await expect(panel.getByText("Para avisarte si te vas")).toBeHidden();

  // Staff see the name, not the client id, and can continue on WhatsApp.
  await s.getByRole("tab", { name: "Conversaciones" }).click();
  await s.getByRole("link", { name: /Ana Pérez/ }).click();
  const main = s.getByRole("main");
  await expect(main.getByRole("heading", { name: "Ana Pérez" })).toBeVisible();
  await expect(main.getByText("+505 8765 4321", { exact: false }).first()).toBeVisible();
  await expect(main.getByRole("link", { name: "Continuar por WhatsApp" })).toHaveAttribute(
    "href",
    "https://wa.me/50587654321",
  );
  const log = s.getByRole("log");
  await expect(log.getByText(question)).toBeVisible();

  // A photo each way appears once on both sides.
  await sendsPhoto(panel, await photo("caja.png", [200, 40, 40]));
  await expect(panel.getByRole("img", { name: "Tu foto" })).toHaveCount(1);
  await expect(log.getByRole("img", { name: "Foto de Ana Pérez" })).toHaveCount(1);
  await sendsPhoto(main, await photo("precios.png", [40, 40, 200]));
  await expect(log.getByRole("img", { name: "Foto de Operador" })).toHaveCount(1);
  await expect(panel.getByRole("img", { name: "Foto de Operador" })).toHaveCount(1);
  await expect(
    panel.getByRole("link", { name: "Foto de Operador (abrir en tamaño completo)" }),
  ).toHaveAttribute("href", /\/files\/site-assets\/chat\/.+\.webp$/);

  // The visitor's connection drops: a photo each way meanwhile, then it returns.
  await v.context().setOffline(true);
  await sendsPhoto(main, await photo("mientras.png", [40, 160, 40]));
  await expect(log.getByRole("img", { name: "Foto de Operador" })).toHaveCount(2);
  await sendsPhoto(panel, await photo("sin-senal.png", [160, 160, 40]));
  await expect(panel.getByText("No se pudo enviar el mensaje. Inténtalo de nuevo.")).toBeVisible();
  await v.context().setOffline(false);
  await expect(panel.getByRole("img", { name: "Foto de Operador" })).toHaveCount(2, { timeout: 20_000 });
  await expect(panel.getByRole("img", { name: "Tu foto" })).toHaveCount(2, { timeout: 20_000 });
  await expect(panel.getByText("No se pudo enviar el mensaje. Inténtalo de nuevo.")).toBeHidden();
  await expect(log.getByRole("img", { name: "Foto de Ana Pérez" })).toHaveCount(2);
  // Times in the widget are on the visitor's own clock (HH:mm).
  await expect(panel.getByText(/Operador · (\d{2} \w{3}, )?\d{2}:\d{2}$/).first()).toBeVisible();
  // A reload keeps each photo once.
  await v.reload();
  const again = await openWidget(v);
  await expect(again.getByRole("img", { name: "Tu foto" })).toHaveCount(2);
  await expect(again.getByRole("img", { name: "Foto de Operador" })).toHaveCount(2);
  // Details given: not asked again.
  await expect(again.getByText("Para avisarte si te vas")).toHaveCount(0);
});
