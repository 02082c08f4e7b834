import { expect, test } from "./fixtures";

test("the owner changes a box price on one instance and the other shows it at the next request", async ({
  open,
  topo,
}) => {
  const visitor = await open({ base: topo.pinned[0] });
  // Loaded once before the change, so a cached copy would show the old price.
  await visitor.goto("/servicios");
  await expect(visitor.getByRole("list", { name: "Precios por tamaño de caja" })).toContainText("$245");

  const owner = await open({ role: "admin", base: topo.pinned[1] });
  await owner.goto("/admin/precios");
  const first = owner.getByRole("listitem", { name: "Caja 1" });
  await first.getByLabel("Precio (US$)").fill("$255");
  await owner.getByRole("button", { name: "Guardar precios" }).click();
  await expect(owner.getByText("Precios guardados").first()).toBeVisible();

  await visitor.goto("/servicios");
  const list = visitor.getByRole("list", { name: "Precios por tamaño de caja" });
  await expect(list.getByRole("listitem").first()).toContainText("$255");
  const ld = await visitor.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.join("\n")).toContain('"price":"255.00"');
  await visitor.goto("/servicios?largo=10&ancho=10&alto=10#calculadora");
  const answer = visitor.getByRole("status").filter({ hasText: "Tu paquete cabe" });
  await expect(answer).toContainText("$255");
  const whatsapp = await answer.getByRole("link", { name: /Solicitar esta caja/ }).getAttribute("href");
  expect(decodeURIComponent(whatsapp ?? "")).toContain("($255)");
  await visitor.goto("/");
  await expect(visitor.getByText("Cajas desde $255.")).toBeVisible();

  // Back to the spec's price for the other tests of this run.
  await first.getByLabel("Precio (US$)").fill("245");
  await owner.getByRole("button", { name: "Guardar precios" }).click();
  await expect(owner.getByText("Precios guardados").first()).toBeVisible();
});
