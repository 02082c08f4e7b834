import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// E-mail without a mail server (issue 40): the test site has no SMTP_URL, so every message the
// site writes waits in 'Correo' (/admin/correo), where the owner reads it as it would arrive and
// forwards it from her own mail. The five kinds a day brings: a parcel's receipt, the shop's notice
// of a contact message, a chat transcript, a staff invitation and a password reset link.

/** A visitor writes in the widget, leaves an e-mail and asks for the conversation. */
async function visitorAsksForTranscript(v: Page, name: string, email: string) {
  await v.goto("/");
  await v.getByRole("button", { name: "Abrir chat" }).click();
  const widget = v.getByRole("dialog");
  await widget.getByLabel("Mensaje", { exact: true }).fill("¿Abren el domingo?");
  await widget.getByRole("button", { name: "Enviar mensaje" }).click();
  const details = widget.getByRole("form", { name: "Para avisarte si te vas" });
  await details.getByLabel("Nombre").fill(name);
  await details.getByLabel("o correo electrónico").fill(email);
  await details.getByRole("button", { name: "Guardar" }).click();
  await expect(widget.getByText("¡Gracias! Te escribiremos si te vas.")).toBeVisible();
  await widget.getByRole("button", { name: "Enviarme la conversación" }).click();
  await expect(widget.getByText(/Te enviamos la conversación a \w\*\*\*@example\.com/)).toBeVisible();
}

test.describe("'Correo' without a mail server", () => {
  test.use({ signedInAs: "admin" });

  test("keeps the day's five kinds of message, shows each as it arrives, and offers to forward it", async ({
    page,
    staffRequest,
    visitorPhone,
    request,
  }) => {
    test.slow();
    const run = Date.now().toString(36);
    const staff = await staffRequest("admin");
    // Nobody of the team online (earlier tests of this worker may have left someone 'En línea').
    for (const who of [staff, await staffRequest("operador")]) {
      const off = await who.post("/api/chat/agent", { form: { intent: "status", status: "offline" } });
      expect(off.status()).toBeLessThan(300);
    }

    // A parcel with its sender's e-mail: the receipt.
    const order = await staff.post("/admin/orders", {
      form: {
        intent: "create",
        customerName: `Valentina ${run}`,
        customerPhone: "+505 8123 9876",
        customerAddress: "Reparto Schick, Managua",
        orderDescription: "Caja mediana con ropa",
        senderName: "Rosa Pérez",
        senderEmail: `rosa-${run}@example.com`,
      },
    });
    expect(order.status()).toBe(200);
    // A contact message while nobody is online: the shop's notice, to the address in 'Textos'.
    const contact = await request.post("/contact", {
      form: {
        intent: "contact",
        firstName: "Marta",
        lastName: run,
        email: `marta-${run}@example.com`,
        message: "Hola, ¿cuánto cuesta una caja grande a Managua?",
      },
    });
    expect(contact.status()).toBe(200);
    // The visitor's transcript, from the widget.
    await visitorAsksForTranscript(await visitorPhone(), `Lucía ${run}`, `lucia-${run}@example.com`);
    // A new staff member: the invitation (the generated password stays the way in meanwhile).
    const invited = await staff.post("/admin/users", {
      form: {
        intent: "staff-add",
        name: `Carlos ${run}`,
        email: `carlos-${run}@example.com`,
        role: "operador",
      },
    });
    expect(invited.status()).toBe(200);
    // '¿Olvidaste tu contraseña?' for the operador.
    const reset = await request.post("/admin/recuperar", { form: { email: "operador@example.com" } });
    expect(reset.status()).toBeLessThan(400);

    await page.goto("/admin/correo");
    await expect(page.getByRole("heading", { name: "Correo", level: 1 })).toBeVisible();
    await expect(page.getByText("No hay un servidor de correo configurado", { exact: false })).toBeVisible();
    const list = page.getByRole("region", { name: "Mensajes" });
    const row = (subject: string | RegExp) => list.getByRole("listitem").filter({ hasText: subject });
    // The sender renders each message within seconds of the change.
    await expect(async () => {
      await page.reload();
      await expect(row(/Recibimos tu envío TRK-/).filter({ hasText: `rosa-${run}@example.com` })).toBeVisible(
        {
          timeout: 1000,
        },
      );
      await expect(row(`Nuevo mensaje de contacto: Marta ${run}`)).toBeVisible({ timeout: 1000 });
      await expect(row("Tu conversación con").filter({ hasText: `lucia-${run}@example.com` })).toBeVisible({
        timeout: 1000,
      });
      await expect(row("Invitación al panel").filter({ hasText: `carlos-${run}@example.com` })).toBeVisible({
        timeout: 1000,
      });
      await expect(
        row("Restablecer tu contraseña").filter({ hasText: "operador@example.com" }).first(),
      ).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(
      row(`Nuevo mensaje de contacto: Marta ${run}`).getByText("Guardado (sin servidor de correo)"),
    ).toBeVisible();
    await expectNoAxeViolations(page, "the outbox");

    // Opened, it shows as it arrives; 'Reenviar' opens the owner's mail with the message ready.
    await row(`Nuevo mensaje de contacto: Marta ${run}`)
      .getByRole("link", { name: /Nuevo mensaje de contacto/ })
      .click();
    const opened = page.getByRole("region", { name: `Nuevo mensaje de contacto: Marta ${run}` });
    await expect(opened.getByText("Para: ")).toBeVisible();
    const frame = page.frameLocator(
      `iframe[title="Vista del correo: Nuevo mensaje de contacto: Marta ${run}"]`,
    );
    await expect(frame.getByText("Hola, ¿cuánto cuesta una caja grande a Managua?")).toBeVisible();
    await expect(frame.getByRole("link", { name: "Abrir la conversación" })).toHaveAttribute(
      "href",
      /\/admin\/chat\?c=session_/,
    );
    const forward = opened.getByRole("link", { name: /^Reenviar a .* desde mi correo$/ });
    await expect(forward).toHaveAttribute("href", /^mailto:.*subject=Nuevo%20mensaje%20de%20contacto/);
  });

  test("is the admin's only: an operador is refused", async ({ staffRequest }) => {
    const op = await staffRequest("operador");
    const res = await op.get("/admin/correo", { maxRedirects: 0 });
    expect([302, 303, 403]).toContain(res.status());
  });
});
