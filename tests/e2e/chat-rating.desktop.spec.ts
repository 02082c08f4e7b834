import type { Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";

/** A visitor on a phone opens the widget on the landing page and writes `text`. */
async function visitorWrites(visitorPhone: () => Promise<Page>, text: string) {
  const v = await visitorPhone();
  await v.goto("/");
  await v.getByRole("button", { name: "Abrir chat" }).click();
  const panel = v.getByRole("dialog");
  await panel.getByLabel("Mensaje", { exact: true }).fill(text);
  await panel.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(panel.getByText(text)).toBeVisible();
  return { v, panel };
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * '¿Cómo te atendimos?' (issue 41): an operador resolves the conversation from 'Gestionar', the
 * visitor answers with a face and a comment, staff read the answer in the conversation, and the
 * owner sees it in the reports' 'Satisfacción'.
 */
test.describe("the visitor's rating of a conversation", () => {
  test.use({ signedInAs: "admin" });

  test("is asked once resolved, answered once, shown to staff and counted in the reports", async ({
    page,
    staffPage,
    visitorPhone,
  }) => {
    // Three browsers, an accessibility scan and two live round trips: room for a loaded machine.
    test.setTimeout(120_000);
    const s = await staffPage("operador");
    await s.goto("/admin/chat");
    const text = `¿Tienen cajas medianas? ${Date.now()}`;
    const { v, panel } = await visitorWrites(visitorPhone, text);
    await s
      .getByRole("list", { name: "Conversaciones" })
      .getByRole("link", { name: new RegExp(escaped(text)) })
      .click();
    const main = s.getByRole("main");
    await expect(main.getByText("Estado: Abierta")).toBeVisible();
    // Not asked while the conversation is open.
    await expect(panel.getByRole("form", { name: "¿Cómo te atendimos?" })).toHaveCount(0);

    await main.getByRole("button", { name: "Gestionar" }).click();
    await s.getByRole("menuitem", { name: "Marcar como resuelta" }).click();
    await expect(main.getByText("Estado: Resuelta")).toBeVisible();

    // The widget asks at once, below the conversation.
    const rating = panel.getByRole("form", { name: "¿Cómo te atendimos?" });
    await expect(rating).toBeVisible();
    await expect(rating.getByRole("button", { name: "Regular" })).toBeVisible();
    await expect(rating.getByRole("button", { name: "Mal" })).toBeVisible();
    expect(await axeViolations(v, { feature: true })).toEqual([]);
    await rating.getByRole("button", { name: "Enviar", exact: true }).click();
    await expect(rating.getByText("Elige una de las caras.")).toBeVisible();
    await rating.getByRole("button", { name: "Bien" }).click();
    await expect(rating.getByRole("button", { name: "Bien" })).toHaveAttribute("aria-pressed", "true");
    await rating.getByLabel("¿Quieres contarnos algo más? (opcional)").fill("muy amables");
    await rating.getByRole("button", { name: "Enviar", exact: true }).click();
    await expect(panel.getByText("¡Gracias por tu opinión!")).toBeVisible();
    await expect(rating).toBeHidden();

    // Staff see the answer in the open conversation, live.
    await expect(main).toContainText('Valoración del cliente: 😀 Bien — "muy amables"');

    // After a reload the visitor is thanked, not asked again.
    await v.reload();
    await v.getByRole("button", { name: "Abrir chat" }).click();
    await expect(panel.getByText(text)).toBeVisible();
    await expect(panel.getByText("¡Gracias por tu opinión!")).toBeVisible();
    await expect(panel.getByRole("form", { name: "¿Cómo te atendimos?" })).toHaveCount(0);

    // The owner's reports count it.
    await page.goto("/admin/chat/informes");
    const satisfaction = page.getByRole("region", { name: "Satisfacción" });
    await expect(satisfaction).toBeVisible();
    await expect(satisfaction.getByRole("row", { name: /Todo el equipo/ })).toContainText(
      /\d+ % buenas \(\d+ de \d+\)/,
    );
    await expect(satisfaction.getByRole("row", { name: /Operador/ })).toContainText(/% buenas/);
  });
});
