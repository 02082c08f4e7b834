import { expect, test } from "./fixtures";

// 'Embarques' with JavaScript off: a counter's old computer still makes a shipment, scans a box in
// and gives it an event; each answer shows where the form is.

test.use({ signedInAs: "operador" });

test("a shipment is made, a parcel scanned in and given an event, without JavaScript", async ({
  page,
  staffRequest,
}) => {
  const staff = await staffRequest("operador");
  const run = Date.now() % 100000;
  const res = await staff.post("/admin/orders.data", {
    form: { intent: "create", customerName: `Sin JS ${run}`, orderDescription: "Caja" },
  });
  const tracking = /TRK-\d{4}-[A-Z0-9]{6}/.exec(await res.text())?.[0] ?? "";
  expect(tracking).not.toBe("");

  await page.goto("/admin/embarques");
  await page.getByLabel("Nombre del embarque").fill(`Vuelo ${run}`);
  await page.getByRole("button", { name: "Crear embarque" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Vuelo ${run}` })).toBeVisible();

  await page.getByLabel("Número de tracking").fill(tracking.slice(9).toLowerCase());
  await page.getByLabel("Número de tracking").press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `1 paquete añadido: ${tracking}.` })).toBeVisible();
  await expect(page.getByLabel("Número de tracking")).toHaveValue("");

  await page.getByLabel("Nota", { exact: true }).fill("Salió de Miami");
  await page.getByRole("button", { name: "Añadir novedad a todos" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `1 paquete de Vuelo ${run}: Salió de Miami.` }),
  ).toBeVisible();
  await expect(page.getByRole("list", { name: "Paquetes del embarque" })).toContainText("Salió de Miami");
});
