import type { Page } from "@playwright/test";
import { everyAgentOffline, expect, signInWithForm, test, testHook } from "./fixtures";
import { gotoReady } from "./public-helpers";

// Presence people understand (issue 41): one labelled status control in the staff header, the
// chosen status back after signing in again, the automatic 'Ausente' shown to the person and
// ended by their first tap, and a conversation reassigned from the picker in one step. Server
// behaviour, the same on any screen: the desktop project only (the inbox's side panel is open).

/** The header's control: its name says the status in words ('Tu estado en el chat: Ocupado'). */
const statusControl = (page: Page) => page.getByRole("button", { name: /^Tu estado en el chat: / });

/** Opens the header's menu and chooses `label`; the control says it at once. */
async function chooseStatus(page: Page, label: "En línea" | "Ocupado" | "Ausente" | "Desconectado") {
  await statusControl(page).click();
  const menu = page.getByRole("group", { name: "Tu estado en el chat" });
  await menu.getByRole("radio", { name: label, exact: true }).click();
  await expect(menu).toBeHidden();
  await expect(statusControl(page)).toHaveAccessibleName(`Tu estado en el chat: ${label}`);
}

async function openWidget(v: Page) {
  await v.getByRole("button", { name: "Abrir chat" }).click();
  const panel = v.getByRole("dialog");
  await expect(panel.getByText("¿Tiene preguntas? Me gustaría ayudarle.")).toBeVisible();
  return panel;
}

test("the operador's 'Ocupado' comes back after signing out and in; visitors read 'Te respondemos en unos minutos'", async ({
  browser,
  staffRequest,
  visitorPhone,
}) => {
  test.setTimeout(90_000);
  // Nobody else of the team shows as available to the visitor.
  await everyAgentOffline(staffRequest);
  // A session of its own: signing out must not end the worker's shared operador session.
  const context = await browser.newContext({ storageState: undefined });
  const s = await context.newPage();
  await signInWithForm(s, "operador");
  await gotoReady(s, "/admin/orders");
  await chooseStatus(s, "Ocupado");

  const v = await visitorPhone();
  await gotoReady(v, "/");
  const panel = await openWidget(v);
  // At work but busy: no name, a short wait; not the closed shop's words.
  await expect(panel.getByRole("heading", { name: "Te respondemos en unos minutos" })).toBeVisible();
  await expect(panel.getByText(/^Abrimos /)).toBeHidden();

  // Signing out ends the presence (the visitor is told now) but not the choice.
  await s.getByRole("button", { name: "Salir" }).click();
  await s.getByRole("alertdialog").getByRole("button", { name: "Cerrar Sesión" }).click();
  await s.waitForURL(/\/admin-login/);
  await expect(panel.getByRole("heading", { name: "Fuera de línea - Te responderemos pronto" })).toBeVisible({
    timeout: 5_000,
  });

  await signInWithForm(s, "operador");
  await expect(statusControl(s)).toHaveAccessibleName("Tu estado en el chat: Ocupado");
  await gotoReady(s, "/admin/orders");
  await expect(statusControl(s)).toHaveAccessibleName("Tu estado en el chat: Ocupado");
  await expect(panel.getByRole("heading", { name: "Te respondemos en unos minutos" })).toBeVisible();

  // The 'Estado' card shows the same choice, and changing it there changes the header too.
  await gotoReady(s, "/admin/chat");
  await s.getByRole("tab", { name: "Estado" }).click();
  const card = s.getByRole("region", { name: "Estado del Agente" });
  await expect(card.getByRole("combobox", { name: "Estado", exact: true })).toHaveValue("busy");
  await card.getByRole("combobox", { name: "Estado", exact: true }).selectOption("offline");
  await expect(s.getByText("Estado actualizado")).toBeVisible({ timeout: 10_000 });
  await expect(statusControl(s)).toHaveAccessibleName("Tu estado en el chat: Desconectado");
  await context.close();
});

test.describe("signed in as operador", () => {
  test.use({ signedInAs: "operador" });

  test("'Ausente' comes by itself and shows in the person's header; one click on Pedidos brings 'En línea' back", async ({
    page,
    staffRequest,
  }) => {
    test.setTimeout(60_000);
    await gotoReady(page, "/admin/orders");
    await chooseStatus(page, "En línea");

    // Nobody touches the page. The server's idle time is 15 minutes; the test hook sweeps now
    // with 2 seconds instead, until the person's own header says what everyone else sees.
    await expect
      .poll(
        async () => {
          await testHook(page.request, "presence-sweep", { awayAfterSeconds: 2 });
          return (await statusControl(page).getAttribute("aria-label")) ?? "";
        },
        { timeout: 20_000, intervals: [1_000] },
      )
      .toBe("Tu estado en el chat: Ausente (sin actividad)");
    await expect(statusControl(page)).toContainText("Ausente (sin actividad)");

    // Back at work on the orders page (not the inbox): one click, 'En línea' within a second or two.
    await page.getByRole("heading", { name: "Gestión de Pedidos" }).click();
    await expect(statusControl(page)).toHaveAccessibleName("Tu estado en el chat: En línea", {
      timeout: 3_000,
    });
    await everyAgentOffline(staffRequest);
  });
});

test.describe("signed in as admin", () => {
  test.use({ signedInAs: "admin" });

  test("reassigns a conversation from the picker in one step, 'Desasignar' still there", async ({
    page,
    staffRequest,
    visitorPhone,
  }) => {
    test.setTimeout(60_000);
    // Both agents exist and show as 'Desconectado'.
    await everyAgentOffline(staffRequest);
    await gotoReady(page, "/admin/chat");
    const v = await visitorPhone();
    await gotoReady(v, "/");
    await openWidget(v);
    const text = `Quiero hablar con otra persona ${Date.now()}`;
    const widget = v.getByRole("dialog");
    await widget.getByLabel("Mensaje", { exact: true }).fill(text);
    await widget.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(widget.getByText(text)).toBeVisible();
    await page
      .getByRole("list", { name: "Conversaciones" })
      .getByRole("link", { name: new RegExp(text) })
      .click();
    await expect(page.getByRole("log").getByText(text)).toBeVisible();

    const panel = page.getByRole("region", { name: "Asignación de Conversación" });
    await panel
      .getByRole("combobox", { name: "Asignar a un agente..." })
      .selectOption({ label: "Operador — Desconectado" });
    await expect(page.getByText("Conversación asignada")).toBeVisible();
    await expect(panel.getByText("Operador", { exact: true })).toBeVisible();

    // Assigned: the picker stays, as 'Reasignar a…', with everyone's status in words.
    const reassign = panel.getByRole("combobox", { name: "Reasignar a…" });
    await expect(reassign.getByRole("option", { name: "Operador — Desconectado (asignado)" })).toBeDisabled();
    await reassign.selectOption({ label: "Administrador — Desconectado" });
    await expect(page.getByText("Asignada a Administrador.")).toBeVisible();
    await expect(panel.getByText("Administrador", { exact: true })).toBeVisible();
    await expect(panel.getByText("Operador", { exact: true })).toBeHidden();
    await expect(panel.getByRole("button", { name: "Desasignar" })).toBeVisible();
    // The admin's own card offers 'Asignarme' no longer: it is theirs.
    await expect(panel.getByRole("button", { name: "Asignarme" })).toBeHidden();
  });
});
