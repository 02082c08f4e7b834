import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/** The team's starter replies every new install has (drizzle/0023_chat_context.sql), by title. */
const STARTERS = ["Gracias", "Horario", "Precios de envío", "Saludo", "Seguimiento", "Tamaños de caja"];

/** A visitor on a phone opens the widget on the landing page and writes `text`. */
async function visitorWrites(visitorPhone: () => Promise<Page>, text: string) {
  const v = await visitorPhone();
  await v.goto("/");
  await v.getByRole("button", { name: "Abrir chat" }).click();
  const panel = v.getByRole("dialog");
  await panel.getByLabel("Mensaje", { exact: true }).fill(text);
  await panel.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(panel.getByText(text)).toBeVisible();
}

test.describe("saved replies from the first day (issue 41)", () => {
  test.use({ signedInAs: "admin" });

  test("'/' lists the starter replies filled with the shop's data and the customer's first name; managing them comes back to the same conversation", async ({
    page,
    visitorPhone,
  }) => {
    // A live round trip, a rename, two screens and an accessibility scan: room for a loaded machine.
    test.setTimeout(90_000);
    const text = `¿Cuánto cuesta enviar una caja? ${Date.now()}`;
    await page.goto("/admin/chat");
    await visitorWrites(visitorPhone, text);
    await page
      .getByRole("list", { name: "Conversaciones" })
      .getByRole("link", { name: new RegExp(text.replace(/[?¿]/g, ".")) })
      .click();
    await expect(page.getByRole("log").getByText(text)).toBeVisible();
    const conversation = page.url();

    const box = page.getByRole("textbox", { name: "Respuesta", exact: true });
    await box.fill("/");
    const list = page.getByRole("listbox", { name: "Respuestas guardadas" });
    for (const title of STARTERS) {
      await expect(
        list.getByRole("option").filter({ has: page.getByText(title, { exact: true }) }),
      ).toHaveCount(1);
    }
    // The list opens above the reply box: the 'Responder' / 'Nota privada' tabs stay uncovered.
    const listBox = await list.boundingBox();
    const tabs = await page.getByRole("group", { name: "Tipo de mensaje" }).boundingBox();
    expect(listBox && tabs && listBox.y + listBox.height <= tabs.y).toBe(true);
    await expect(page.getByRole("radio", { name: "Nota privada" })).toBeVisible();

    // An anonymous visitor: the greeting reads without a name.
    await box.fill("/sal");
    await box.press("Enter");
    await expect(list).toBeHidden();
    await expect(box).toHaveValue("Hola, gracias por escribirnos. ¿En qué te podemos ayudar?");

    // The prices come from the owner's price list, one box a line.
    await box.fill("/pre");
    await expect(list.getByRole("option").first()).toContainText("Precios de envío");
    await box.press("Enter");
    await expect(box).toHaveValue(/^Estos son nuestros precios de envío:\n• .+ pulgadas\)?: \$\d/);

    // Named 'Rosa Pérez', the customer is greeted by first name.
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Gestionar" }).click();
    await page.getByRole("menuitem", { name: "Renombrar" }).click();
    await page.getByLabel("Nombre del cliente").fill("Rosa Pérez");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Conversación renombrada.")).toBeVisible();
    await box.fill("/sal");
    await box.press("Enter");
    await expect(box).toHaveValue("Hola Rosa, gracias por escribirnos. ¿En qué te podemos ayudar?");

    // 'Gestionar respuestas' and back: the same conversation is open.
    await page.getByRole("button", { name: "Insertar texto guardado" }).click();
    await page.getByRole("menuitem", { name: "Gestionar respuestas" }).click();
    await expect(page.getByRole("heading", { name: "Respuestas guardadas", level: 1 })).toBeVisible();
    await expect(page.getByText("el nombre del cliente; si no lo sabemos, se omite")).toBeVisible();
    await expect(page.getByText("los precios de envío de la tienda", { exact: false })).toBeVisible();
    await expectNoAxeViolations(page, "saved replies with the placeholders explained");
    await page.getByRole("link", { name: "Volver al chat" }).click();
    await expect(page).toHaveURL(conversation);
    await expect(page.getByRole("log").getByText(text)).toBeVisible();
    await expect(main.getByRole("heading", { name: "Rosa Pérez" })).toBeVisible();
  });
});
