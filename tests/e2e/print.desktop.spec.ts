import { dataUriBytes, readCode } from "../../app/.server/testing/codes";
import { expect, test } from "./fixtures";

// The parcel's receipt and box label (issue 39): what the paper says, its size, and codes that
// read back as the tracking link (a phone camera) and the tracking number (a counter's scanner).

/** Pages in a PDF Chromium printed, and the first page's size in points. */
function pdfPages(pdf: Buffer): { pages: number; size: number[] } {
  const text = pdf.toString("latin1");
  const box = /\/MediaBox\s*\[\s*([\d.\s]+)\]/.exec(text)?.[1] ?? "";
  return {
    pages: (text.match(/\/Type\s*\/Page(?!s)/g) ?? []).length,
    size: box.trim().split(/\s+/).map(Number).slice(2),
  };
}

test.describe("print pages", () => {
  test.use({ signedInAs: "operador" });

  test("the receipt and the 4×6 label open from the order's menu, fit their paper and their codes read back", async ({
    page,
    context,
    staffRequest,
    server,
  }) => {
    const staff = await staffRequest("operador");
    const customer = `Rosa Recibo ${Date.now() % 100000}`;
    const res = await staff.post("/admin/orders.data", {
      form: {
        intent: "create",
        customerName: customer,
        customerPhone: "+505 8123 9876",
        customerAddress: "Reparto Schick, casa 14, Managua",
        orderDescription: "Caja con ropa y zapatos",
        orderTotal: "$285.00",
        senderName: "Carmen Díaz",
        senderPhone: "305 555 0142",
        box: "otro",
        weightLb: "12,5",
        contents: "Ropa usada, 40\nZapatos, 35.50",
      },
    });
    const tracking = /TRK-\d{4}-[A-Z0-9]{6}/.exec(await res.text())?.[0] ?? "";
    expect(tracking).not.toBe("");
    const trackingUrl = `${server.baseURL}/seguimiento?numero=${tracking}`;

    await page.goto(`/admin/orders?q=${encodeURIComponent(customer)}`);
    await page.getByRole("button", { name: `Acciones del pedido ${tracking}` }).click();
    const [receipt] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("menuitem", { name: "Imprimir recibo" }).click(),
    ]);
    await expect(receipt.getByRole("heading", { name: "Recibo de envío" })).toBeVisible();
    await expect(receipt.getByText(tracking, { exact: true })).toBeVisible();
    await expect(receipt.getByRole("region", { name: "Remitente" })).toContainText("Carmen Díaz");
    await expect(receipt.getByRole("region", { name: "Remitente" })).toContainText("(305) 555-0142");
    await expect(receipt.getByRole("region", { name: "Destinatario" })).toContainText("Nicaragua");
    await expect(receipt.getByText("Otro · 12,5 lb")).toBeVisible();
    await expect(receipt.getByRole("row", { name: "Valor declarado $75.50" })).toBeVisible();
    // The QR code as the camera sees the page.
    const qr = receipt.getByRole("img", { name: `Código QR del seguimiento de ${tracking}` });
    expect(await readCode(await qr.screenshot(), "qr")).toBe(trackingUrl);
    // One sheet of letter and of A4, without the page's buttons.
    for (const format of ["Letter", "A4"] as const) {
      const pdf = pdfPages(await receipt.pdf({ format }));
      expect(pdf.pages, `${format} pages`).toBe(1);
    }
    await receipt.emulateMedia({ media: "print" });
    await expect(receipt.getByRole("button", { name: "Imprimir recibo" })).toBeHidden();
    await receipt.close();

    // Back on the list, the same menu gives the label.
    await page.bringToFront();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: `Acciones del pedido ${tracking}` }).click();
    const [label] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("menuitem", { name: "Imprimir etiqueta" }).click(),
    ]);
    await expect(label.getByRole("region", { name: "Destinatario" })).toContainText(customer);
    await expect(label.getByRole("region", { name: "Destinatario" })).toContainText("Nicaragua");
    const barcode = label.getByRole("img", { name: `Código de barras de ${tracking}` });
    expect(await readCode(await barcode.screenshot(), "code128")).toBe(tracking);
    const labelQr = label.getByRole("img", { name: `Código QR del seguimiento de ${tracking}` });
    expect(await readCode(await labelQr.screenshot(), "qr")).toBe(trackingUrl);
    // One 4×6 in sheet: 288 × 432 points.
    expect(pdfPages(await label.pdf({ preferCSSPageSize: true }))).toEqual({ pages: 1, size: [288, 432] });
    // The data URI is what the page drew: the same code without a screen in between.
    const src = (await barcode.getAttribute("src")) ?? "";
    expect(await readCode(dataUriBytes(src), "code128")).toBe(tracking);
  });

  test("an order that no longer exists says so, with the way back to the orders and no site frame", async ({
    page,
  }) => {
    await page.goto("/admin/orders/00000000-0000-4000-8000-000000000000/etiqueta");
    await expect(page.getByText("Pedido no encontrado.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver a pedidos" })).toHaveAttribute(
      "href",
      "/admin/orders",
    );
    await expect(page.getByRole("navigation", { name: "Navegación principal" })).toHaveCount(0);
  });
});

test("visitors cannot open the print pages: they are sent to the staff login", async ({ request }) => {
  const page = await request.get("/admin/orders/00000000-0000-4000-8000-000000000000/recibo", {
    maxRedirects: 0,
  });
  expect(page.status()).toBe(302);
  expect(page.headers().location).toMatch(/^\/admin-login/);
});
