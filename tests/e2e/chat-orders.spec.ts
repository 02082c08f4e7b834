import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

test.describe("orders from a chat conversation", () => {
  test.use({ signedInAs: "operador" });

  test("staff create an order for the conversation's contact, prefilled, see it in the side panel and send its link", async ({
    page,
    visitorPhone,
  }) => {
    // Two pages, a live round trip and an accessibility scan: room for a loaded machine.
    test.setTimeout(90_000);
    // A person of this run only: their name finds the conversation, their number their contact.
    const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
    const name = `Lucía ${letters.join("")}`;
    const digits = `8${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;

    // The visitor writes and leaves their details in the widget.
    const v = await visitorPhone();
    await v.goto("/");
    await v.getByRole("button", { name: "Abrir chat" }).click();
    const widget = v.getByRole("dialog");
    await widget.getByLabel("Mensaje", { exact: true }).fill("Quiero mandar una caja a León");
    await widget.getByRole("button", { name: "Enviar mensaje" }).click();
    const details = widget.getByRole("form", { name: "Para avisarte si te vas" });
    await details.getByLabel("Nombre").fill(name);
    await details.getByLabel("País del número").selectOption("NI");
    await details.getByLabel("WhatsApp").fill(digits);
    await details.getByRole("button", { name: "Guardar" }).click();
    await expect(widget.getByText("¡Gracias! Te escribiremos si te vas.")).toBeVisible();

    // Staff open the conversation; the panel is a sheet on narrower screens.
    await page.goto("/admin/chat");
    await page.getByRole("link", { name: new RegExp(name) }).click();
    await expect(page.getByRole("log").getByText("Quiero mandar una caja a León")).toBeVisible();
    if ((page.viewportSize()?.width ?? 0) < 1280)
      await page.getByRole("button", { name: "Detalles" }).click();
    const contact = page.getByRole("region", { name: "Contacto" });
    await expect(contact.getByText("Ningún pedido con este contacto o su número.")).toBeVisible();

    // 'Crear pedido' opens the orders screen's form with the contact's name and number.
    await contact.getByRole("button", { name: "Crear pedido" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuevo Pedido" });
    await expect(dialog.getByLabel("Cliente")).toHaveValue(name);
    await expect(dialog.getByLabel("Código de país", { exact: true })).toHaveValue("NI");
    await expect(dialog.getByLabel("Teléfono", { exact: true })).toHaveValue(
      new RegExp(digits.split("").join("[\\s-]?")),
    );
    await expectNoAxeViolations(page, "order dialog from the chat");
    await dialog.getByLabel("Descripción").fill("Caja mediana a León");
    await dialog.getByRole("button", { name: "Crear Pedido" }).click();
    const toast = page.getByText(/^Número de tracking: TRK-/);
    await expect(toast).toBeVisible();
    const tracking = ((await toast.textContent()) ?? "").replace("Número de tracking: ", "").trim();
    await expect(dialog).toBeHidden();

    // The panel lists the new order with its status and its tracking link.
    const link = contact.getByRole("link", { name: new RegExp(tracking) });
    await expect(link).toHaveAttribute("href", `/seguimiento?numero=${tracking}`);
    await expect(contact.getByText("Caja mediana a León")).toBeVisible();
    await expect(contact.getByText(/^En el local · /)).toBeVisible();

    // 'Enviar enlace' sends the absolute tracking link as a reply; the visitor sees it.
    await contact.getByRole("button", { name: `Enviar enlace de ${tracking}` }).click();
    const sent = new RegExp(`Sigue tu pedido aquí: http\\S+/seguimiento\\?numero=${tracking}`);
    await expect(page.getByRole("log").getByText(sent)).toBeVisible();
    await expect(widget.getByText(sent)).toBeVisible();
  });
});
