import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";

// Shipments ('Embarques', issue 39): parcels that leave together are scanned into one shipment
// and get one event in one step, which every customer's open tracking page shows at once.

const TRACKING = /TRK-\d{4}-[A-Z0-9]{6}/;
const PARCELS = 40;
/** Of the parcels' tracking pages, how many the test opens in a browser. */
const BROWSERS = 6;

/** A tracking page's live stream as the page reads it, from its own address. */
async function listen(url: string, ip: string) {
  const stop = new AbortController();
  const res = await fetch(url, {
    headers: { Accept: "text/event-stream", "X-Forwarded-For": ip },
    signal: stop.signal,
  });
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  return {
    /** What the stream said once it carried `needle` (10 s at most); the stream is then closed. */
    async until(needle: string): Promise<string> {
      const timer = setTimeout(() => stop.abort(), 10_000);
      try {
        while (!text.includes(needle)) {
          const { value, done } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
        }
      } catch {
        // Aborted: what came so far is the answer.
      } finally {
        clearTimeout(timer);
        stop.abort();
      }
      return text;
    },
  };
}

test.describe("shipments", () => {
  test.use({ signedInAs: "operador" });

  test("40 scanned parcels get 'Salió de Miami' in one step, live on their 40 tracking pages", async ({
    page,
    browser,
    staffRequest,
    server,
  }) => {
    test.slow();
    const staff = await staffRequest("operador");
    const run = Date.now() % 100000;
    const numbers: string[] = [];
    for (let i = 0; i < PARCELS; i++) {
      const form = {
        intent: "create",
        customerName: `Embarque ${run} n${i}`,
        customerPhone: "+505 8123 9876",
        orderDescription: "Caja",
      };
      const res = await staff.post("/admin/orders.data", { form });
      numbers.push(TRACKING.exec(await res.text())?.[0] ?? "");
    }
    expect(numbers.every(Boolean)).toBe(true);

    // A new shipment, then its page.
    await page.goto("/admin/embarques");
    await page.getByLabel("Nombre del embarque").fill(`Contenedor ${run}`);
    await page.getByLabel("Sale de Miami el día").fill("2026-12-02");
    await page.getByLabel("Destino").selectOption({ label: "Nicaragua" });
    await page.getByRole("button", { name: "Crear embarque" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Contenedor ${run}` })).toBeVisible();
    await expect(page.getByText("Sale el 2 de diciembre · Nicaragua")).toBeVisible();

    // A scanner types the number and presses Enter; the box is empty and ready for the next one.
    const box = page.getByLabel("Número de tracking");
    await box.fill(numbers[0] ?? "");
    await box.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "1 paquete añadido" })).toBeVisible();
    await expect(box).toHaveValue("");
    await expect(box).toBeFocused();
    // The 6-character code alone is enough; the rest are pasted at once.
    await box.fill((numbers[1] ?? "").slice(9));
    await box.press("Enter");
    await expect(page.getByRole("heading", { name: "Paquetes (2)" })).toBeVisible();
    await box.fill(numbers.slice(2).join(" "));
    await box.press("Enter");
    await expect(page.getByRole("heading", { name: `Paquetes (${PARCELS})` })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("shipment.png"), fullPage: true });

    // The customers' tracking pages, all open: the first ones in browsers, each its own (a page's
    // live stream holds one of the six connections a browser opens to a site) from its own address
    // (look-ups are limited per address); the others as the same live streams those pages read,
    // without a browser each (40 browsers take over a minute on this machine).
    const ip = (i: number) => `198.51.100.${i + 1}`;
    const visitors = await Promise.all(
      numbers
        .slice(0, BROWSERS)
        .map((_, i) =>
          browser.newContext({ baseURL: server.baseURL, extraHTTPHeaders: { "X-Forwarded-For": ip(i) } }),
        ),
    );
    const pages = await Promise.all(
      visitors.map(async (visitor, i) => {
        const p = await visitor.newPage();
        await p.goto(`/seguimiento?numero=${numbers[i]}`);
        await expect(p.getByTestId("tracking-status")).toHaveText("En el local");
        return p;
      }),
    );
    const streams = await Promise.all(
      numbers.slice(BROWSERS).map((n, i) => listen(`${server.baseURL}/events/track/${n}`, ip(BROWSERS + i))),
    );

    // One event for all of them.
    await page.getByLabel("Nota", { exact: true }).fill("Salió de Miami");
    await page.getByLabel("Lugar", { exact: true }).fill("Miami");
    await page.getByLabel("Cambiar estado").selectOption({ label: "Enviando" });
    await page.getByRole("button", { name: "Añadir novedad a todos" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `${PARCELS} paquetes de Contenedor ${run}` }),
    ).toBeVisible();

    for (const p of pages) {
      await expect(p.getByTestId("tracking-status")).toHaveText("Enviando");
      await expect(p.getByRole("list", { name: "Historial del Pedido" })).toContainText("Salió de Miami");
    }
    const heard = await Promise.all(streams.map((s) => s.until('"status":"enviando"')));
    for (const text of heard) expect(text).toContain("Salió de Miami");
    for (const visitor of visitors) await visitor.close();

    // Two marked: the next event goes only to them, and the place is suggested.
    await page.getByRole("checkbox", { name: `Marcar ${numbers[0]}` }).check();
    await page.getByRole("checkbox", { name: `Marcar ${numbers[1]}` }).check();
    await page.getByLabel("Nota", { exact: true }).fill("Llegó a Managua");
    await expect(page.locator("#shipment-places option[value='Miami']")).toHaveCount(1);
    await page.getByRole("button", { name: "Añadir novedad a 2 marcados" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `2 paquetes de Contenedor ${run}` }),
    ).toBeVisible();
  });

  test("an order joins a shipment from the list's checkboxes or its dialog, and a new one offers its print pages", async ({
    page,
    staffRequest,
  }) => {
    const staff = await staffRequest("operador");
    const run = Date.now() % 100000;
    const reference = `Vuelo ${run}`;
    const made = await staff.post("/admin/embarques.data", {
      form: { intent: "shipment-create", reference },
    });
    expect(made.status()).toBeLessThan(400);
    const customer = `Lista ${run}`;
    const res = await staff.post("/admin/orders.data", {
      form: { intent: "create", customerName: customer, orderDescription: "Caja" },
    });
    const tracking = TRACKING.exec(await res.text())?.[0] ?? "";

    await page.goto(`/admin/orders?q=${encodeURIComponent(customer)}`);
    await page.getByRole("checkbox", { name: tracking }).check();
    await page.getByLabel("Marca pedidos y añádelos a").selectOption({ label: reference });
    await page.getByRole("button", { name: "Añadir marcados al embarque" }).click();
    await expect(page.getByText(`1 paquete añadido: ${tracking}.`)).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(tracking) })).toContainText(reference);

    // A new parcel straight into the shipment, and its receipt and label at hand.
    await page.getByRole("button", { name: "Crear Nuevo Pedido" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuevo Pedido" });
    await dialog.getByLabel("Cliente").fill(`${customer} b`);
    await dialog.getByLabel("Descripción").fill("Caja grande");
    await dialog.getByLabel("Embarque").selectOption({ label: reference });
    await dialog.getByRole("button", { name: "Crear Pedido" }).click();
    const created = page.getByRole("region", { name: "Pedido recién creado" });
    await expect(created).toContainText(/Pedido TRK-\d{4}-[A-Z0-9]{6} listo/);
    await expect(created.getByRole("link", { name: "Imprimir recibo" })).toHaveAttribute(
      "href",
      /\/admin\/orders\/[0-9a-f-]{36}\/recibo$/,
    );
    await expect(created.getByRole("link", { name: "Imprimir etiqueta" })).toBeVisible();
    await created.getByRole("button", { name: "Cerrar" }).click();
    await expect(created).toHaveCount(0);

    await page.goto("/admin/embarques");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("link", { name: new RegExp(reference) }).click();
    await expect(page.getByRole("heading", { name: "Paquetes (2)" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
