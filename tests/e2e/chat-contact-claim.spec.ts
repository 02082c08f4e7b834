import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/** A visitor writes in the widget and leaves a name and a WhatsApp number. */
async function visitorLeavesDetails(v: Page, message: string, name: string, digits: string) {
  await v.goto("/");
  await v.getByRole("button", { name: "Abrir chat" }).click();
  const widget = v.getByRole("dialog");
  await widget.getByLabel("Mensaje", { exact: true }).fill(message);
  await widget.getByRole("button", { name: "Enviar mensaje" }).click();
  const details = widget.getByRole("form", { name: "Para avisarte si te vas" });
  await details.getByLabel("Nombre").fill(name);
  await details.getByLabel("País del número").selectOption("NI");
  await details.getByLabel("WhatsApp").fill(digits);
  await details.getByRole("button", { name: "Guardar" }).click();
  await expect(widget.getByText("¡Gracias! Te escribiremos si te vas.")).toBeVisible();
}

test.describe("a visitor's details are a claim (third round of attacks, finding 2)", () => {
  test.use({ signedInAs: "operador" });

  test("staff see 'posible mismo cliente' with the evidence, join the two with one click and undo it", {
    tag: "@any-screen",
  }, async ({ page, visitorPhone }) => {
    // Three pages, two live round trips and an accessibility scan: room for a loaded machine.
    test.setTimeout(90_000);
    const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
    const customer = `Rosa ${letters.join("")}`;
    const stranger = `Impostor ${letters.join("")}`;
    const digits = `8${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
    await visitorLeavesDetails(await visitorPhone(), "¿Llegó mi caja?", customer, digits);
    // Someone else types the same number on another phone.
    await visitorLeavesDetails(await visitorPhone(), "Hola", stranger, digits);

    await page.goto("/admin/chat");
    await page.getByRole("link", { name: new RegExp(stranger) }).click();
    if ((page.viewportSize()?.width ?? 0) < 1280)
      await page.getByRole("button", { name: "Detalles" }).click();
    const contact = page.getByRole("region", { name: "Contacto" });
    // Nothing of the customer's shows in the stranger's conversation but the suggestion.
    await expect(contact.getByText("Datos sin verificar")).toBeVisible();
    await expect(
      contact.getByText(`Posible mismo cliente: ${customer}, con el mismo teléfono.`, { exact: false }),
    ).toBeVisible();
    await expect(contact.getByText("Ningún pedido con este contacto o su número.")).toBeVisible();
    await expectNoAxeViolations(page, "contact panel with a claim");

    await contact.getByRole("button", { name: `Unir con ${customer}` }).click();
    await expect(page.getByText(`Contactos combinados en ${customer}.`)).toBeVisible();
    await expect(contact.getByText(customer, { exact: true })).toBeVisible();
    await expect(contact.getByText("Datos sin verificar")).toBeHidden();

    await contact.getByRole("button", { name: `Deshacer la combinación con ${stranger}` }).click();
    await expect(
      page.getByText("Combinación deshecha: los dos contactos vuelven a estar separados."),
    ).toBeVisible();
    await expect(contact.getByText(stranger, { exact: true })).toBeVisible();
    await expect(contact.getByText("Datos sin verificar")).toBeVisible();
  });
});
