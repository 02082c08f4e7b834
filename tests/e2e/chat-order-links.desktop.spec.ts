import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/** A visitor on a phone opens the widget on the landing page and writes `text`; answers the widget. */
async function visitorWrites(visitorPhone: () => Promise<Page>, text: string) {
  const v = await visitorPhone();
  await v.goto("/");
  await v.getByRole("button", { name: "Abrir chat" }).click();
  const widget = v.getByRole("dialog");
  await widget.getByLabel("Mensaje", { exact: true }).fill(text);
  await widget.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(widget.getByText(text)).toBeVisible();
  // The conversation exists once the widget asks for details (it holds the secret by then).
  await expect(widget.getByRole("form", { name: "Para avisarte si te vas" })).toBeVisible();
  return widget;
}

/** The inbox's row of the conversation whose last message holds `marker`, opened. */
async function openConversation(page: Page, marker: string) {
  await page.goto("/admin/chat");
  await page.getByRole("link", { name: new RegExp(marker) }).click();
  await expect(page.getByRole("log").getByText(new RegExp(marker))).toBeVisible();
}

/**
 * Orders in the chat (issue 41): a tracking number a visitor writes is, for staff, a link to the
 * order's card in the side panel; 'Crear pedido' works for a visitor who left no details and the
 * order leads back to its conversation ('Abrir conversación').
 */
test.describe("orders named in the chat and made from it", () => {
  test.use({ signedInAs: "operador" });

  test("a tracking number in a visitor's message opens the order's card, with 'Abrir pedido'", async ({
    page,
    staffRequest,
    visitorPhone,
  }) => {
    // Two pages, a live round trip and an accessibility scan: room for a loaded machine.
    test.setTimeout(90_000);
    const run = Date.now().toString(36);
    const customer = `Cliente Enlace ${run}`;
    const staff = await staffRequest("operador");
    const res = await staff.post("/admin/orders", {
      form: { intent: "create", customerName: customer, orderDescription: "Caja a Managua" },
    });
    expect(res.status()).toBe(200);
    await page.goto(`/admin/orders?q=${encodeURIComponent(customer)}`);
    const row = page.getByRole("row").filter({ hasText: customer });
    const tracking = ((await row.getByText(/^TRK-/).textContent()) ?? "").trim();
    expect(tracking).toMatch(/^TRK-\d{4}-[A-Z0-9]{6,}$/);

    // The visitor writes the number in small letters; their own view shows it as plain text.
    const widget = await visitorWrites(
      visitorPhone,
      `Hola ${run}, ¿dónde está mi pedido ${tracking.toLowerCase()}?`,
    );
    await expect(widget.getByRole("link", { name: new RegExp(tracking) })).toHaveCount(0);

    // For staff it is a link; the keyboard opens the order's card in the side panel.
    await openConversation(page, run);
    const link = page.getByRole("log").getByRole("link", { name: `Ver pedido ${tracking}` });
    await expect(link).toHaveText(tracking.toLowerCase());
    await link.focus();
    await page.keyboard.press("Enter");
    const card = page.getByRole("region", { name: `Pedido ${tracking}` });
    await expect(card).toBeVisible();
    await expect(card).toBeFocused();
    await expect(card.getByText("En el local", { exact: true }).first()).toBeVisible();
    await expect(card.getByText(customer)).toBeVisible();
    await expectNoAxeViolations(page, "the inbox with an order's card");

    // Closing it and opening it again from the message works the same.
    await card.getByRole("link", { name: `Cerrar pedido ${tracking}` }).click();
    await expect(card).toBeHidden();
    await link.click();
    await expect(card).toBeVisible();

    // 'Abrir pedido' opens the orders screen on that order.
    await card.getByRole("link", { name: "Abrir pedido" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders\\?q=${tracking}$`));
    await expect(page.getByRole("row").filter({ hasText: customer })).toBeVisible();
  });

  test("'Crear pedido' from an anonymous conversation, then 'Abrir conversación' from the order returns to it", async ({
    page,
    visitorPhone,
  }) => {
    test.setTimeout(90_000);
    const run = Date.now().toString(36);
    await visitorWrites(visitorPhone, `Quiero mandar una caja a Estelí ${run}`);

    // No details left: the panel says so and still offers 'Crear pedido'.
    await openConversation(page, run);
    const contact = page.getByRole("region", { name: "Contacto" });
    await expect(contact.getByText(/no ha dejado sus datos todavía/)).toBeVisible();
    await expect(contact.getByText("Ningún pedido de esta conversación.")).toBeVisible();
    await contact.getByRole("button", { name: "Crear pedido" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuevo Pedido" });
    await dialog.getByLabel("Cliente").fill(`Cliente Anónimo ${run}`);
    await dialog.getByLabel("Descripción").fill("Caja pequeña a Estelí");
    await dialog.getByRole("button", { name: "Crear Pedido" }).click();
    const toast = page.getByText(/^Número de tracking: TRK-/);
    await expect(toast).toBeVisible();
    const tracking = ((await toast.textContent()) ?? "").replace("Número de tracking: ", "").trim();
    await expect(dialog).toBeHidden();

    // The panel lists the order made here; it opens its card.
    await contact.getByRole("link", { name: `Ver pedido ${tracking}` }).click();
    await expect(page.getByRole("region", { name: `Pedido ${tracking}` })).toBeVisible();
    const conversationUrl = new URL(page.url());
    const clientId = conversationUrl.searchParams.get("c") ?? "";
    expect(clientId).toMatch(/^session_/);

    // From the orders screen, the order leads back to the conversation it was made from.
    await page.goto(`/admin/orders?q=${tracking}`);
    await page.getByRole("button", { name: `Acciones del pedido ${tracking}` }).click();
    await page.getByRole("menuitem", { name: "Abrir conversación" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/chat\\?c=${clientId}$`));
    await expect(page.getByRole("log").getByText(`Quiero mandar una caja a Estelí ${run}`)).toBeVisible();
  });
});
