// Page helpers of the topology tests (same locators as tests/e2e/chat.spec.ts and orders.spec.ts).
import type { APIRequestContext, Page } from "@playwright/test";
import { defined } from "../../app/test/defined";
import { query } from "../../scripts/topology/topology.mjs";
import { expect } from "./fixtures";

export async function openChatWidget(v: Page) {
  await v.getByRole("button", { name: "Abrir chat" }).click();
  const panel = v.getByRole("dialog");
  await expect(panel.getByText("¿Tiene preguntas? Me gustaría ayudarle.")).toBeVisible();
  return panel;
}

export async function visitorSends(v: Page, text: string) {
  const panel = v.getByRole("dialog");
  await panel.getByLabel("Mensaje", { exact: true }).fill(text);
  await panel.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(panel.getByText(text)).toBeVisible();
}

export async function staffReplies(page: Page, text: string) {
  await page.getByLabel("Respuesta").fill(text);
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(page.getByRole("log").getByText(text)).toBeVisible();
}

/** Creates an order as the orders page's form posts it; returns its tracking number (read from Postgres). */
export async function createOrder(staff: APIRequestContext, databaseUrl: string, customer: string) {
  const res = await staff.post("/admin/orders", {
    form: {
      intent: "create",
      customerName: customer,
      customerPhone: "+505 8888 7777",
      customerAddress: "Barrio Martha Quezada, Managua",
      orderDescription: "Caja 22x22x22 con ropa",
      orderTotal: "$260.00",
    },
  });
  expect(res.status()).toBe(200);
  const rows = (await query(databaseUrl, "select tracking_number from orders where customer_name = $1", [
    customer,
  ])) as { tracking_number: string }[];
  expect(rows).toHaveLength(1);
  return defined(rows[0], "the new order's row").tracking_number;
}

/** Staff change an order's status from the orders page's edit dialog. */
export async function staffSetsStatus(page: Page, tracking: string, status: string) {
  await page.getByRole("button", { name: `Acciones del pedido ${tracking}` }).click();
  await page.getByRole("menuitem", { name: "Editar Pedido" }).click();
  const edit = page.getByRole("dialog", { name: `Editar Pedido: ${tracking}` });
  await edit.getByLabel("Estado").selectOption({ label: status });
  await edit.getByRole("button", { name: "Guardar Cambios" }).click();
  await expect(page.getByText("Pedido Actualizado").first()).toBeVisible();
  await expect(edit).toBeHidden();
}
