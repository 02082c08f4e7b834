import type { Page } from "@playwright/test";
import { everyAgentOffline, expect, test } from "./fixtures";

async function openWidget(v: Page) {
  await v.getByRole("button", { name: "Abrir chat" }).click();
  const panel = v.getByRole("dialog");
  await expect(panel.getByText("¿Tiene preguntas? Me gustaría ayudarle.")).toBeVisible();
  return panel;
}

async function visitorSends(v: Page, text: string) {
  const panel = v.getByRole("dialog");
  await panel.getByLabel("Mensaje", { exact: true }).fill(text);
  await panel.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(panel.getByText(text)).toBeVisible();
}

/** Staff open the conversation from the 'Nuevo Mensaje' toast's 'Ver' button. */
async function staffOpensFromToast(page: Page, text: string) {
  await expect(page.getByText("Nuevo Mensaje")).toBeVisible();
  await page.getByRole("button", { name: "Ver" }).click();
  await expect(page.getByRole("log").getByText(text)).toBeVisible();
}

async function staffReplies(page: Page, text: string) {
  await page.getByLabel("Respuesta").fill(text);
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(page.getByRole("log").getByText(text)).toBeVisible();
}

/**
 * Staff (`page`) wait in the chat inbox while a visitor on a phone opens the widget on the landing page
 * and writes `text`. Returns the visitor's page and their chat panel.
 */
async function visitorWritesToStaff(page: Page, visitorPhone: () => Promise<Page>, text: string) {
  await page.goto("/admin/chat");
  const v = await visitorPhone();
  await v.goto("/");
  const panel = await openWidget(v);
  await visitorSends(v, text);
  return { v, panel };
}

test.describe("live chat", () => {
  test.describe(() => {
    test.use({ signedInAs: "operador" });

    test("a phone visitor writes, staff see it live, type and reply, the visitor sees it live", async ({
      page,
      staffRequest,
      visitorPhone,
    }) => {
      // Two pages, a status reset for both roles and live round trips: room for a loaded machine.
      test.setTimeout(60_000);
      await page.goto("/admin/chat");
      await expect(page.getByRole("heading", { name: "Panel de Chat" })).toBeVisible();
      // A reply or a status of an earlier test shows an agent online for a while (ADR 0013).
      await everyAgentOffline(staffRequest);

      const v = await visitorPhone();
      await v.goto("/tienda");
      const panel = await openWidget(v);
      await expect(
        panel.getByRole("heading", { name: "Fuera de línea - Te responderemos pronto" }),
      ).toBeVisible();
      // Empty messages cannot be sent.
      await expect(panel.getByRole("button", { name: "Enviar mensaje" })).toBeDisabled();
      const question = `Hola, ¿envían a Managua? ${Date.now()}`;
      await visitorSends(v, `  ${question}  `);
      await expect(panel.getByLabel("Enviado")).toBeVisible();

      await staffOpensFromToast(page, question);
      await page.getByLabel("Respuesta").pressSequentially("Sí, env");
      await expect(panel.getByText("Operador está escribiendo")).toBeVisible();
      await staffReplies(page, "Sí, enviamos a Managua cada semana: https://example.com/envios.");
      await expect(panel.getByText("Sí, enviamos a Managua cada semana:")).toBeVisible();
      await expect(panel.getByRole("link", { name: "https://example.com/envios" })).toHaveAttribute(
        "rel",
        /noopener/,
      );
      await expect(panel.getByText("Operador está escribiendo")).toBeHidden();

      // The conversation survives a page change and a reload.
      await v.reload();
      await openWidget(v);
      await expect(v.getByRole("dialog").getByText(question)).toBeVisible();
      await expect(v.getByRole("dialog").getByText("Sí, enviamos a Managua cada semana:")).toHaveCount(1);
    });

    test("while the panel is closed a badge counts staff replies; opening resets it", async ({
      page,
      visitorPhone,
    }) => {
      const text = `Pregunta por la caja grande ${Date.now()}`;
      const { v } = await visitorWritesToStaff(page, visitorPhone, text);
      await v.getByRole("button", { name: "Cerrar chat" }).click();
      await staffOpensFromToast(page, text);
      await staffReplies(page, "Cuesta $450.");
      await staffReplies(page, "¿Desea que la reservemos?");
      const badge = v.getByTestId("chat-unread");
      await expect(badge).toHaveText(/^2/);
      // The visitor is told even with the panel closed (in-page toast without notification permission).
      await expect(v.getByText("¿Desea que la reservemos?")).toBeVisible();
      await v.getByRole("button", { name: "Abrir chat" }).click();
      await expect(badge).toBeHidden();
      await v.getByRole("button", { name: "Cerrar chat" }).click();
      await expect(badge).toBeHidden();
    });

    test("a visitor who was offline gets the reply once when the network returns", async ({
      page,
      visitorPhone,
    }) => {
      const text = `¿Siguen abiertos? ${Date.now()}`;
      const { v, panel } = await visitorWritesToStaff(page, visitorPhone, text);
      await staffOpensFromToast(page, text);

      await v.context().setOffline(true);
      // A message written offline stays in the list as failed, with a retry.
      await panel.getByLabel("Mensaje", { exact: true }).fill("Escribo sin señal");
      await panel.getByRole("button", { name: "Enviar mensaje" }).click();
      await expect(panel.getByText("No se pudo enviar el mensaje. Inténtalo de nuevo.")).toBeVisible();
      await expect(panel.getByText("Escribo sin señal")).toBeVisible();
      const replies = ["Sí, hasta las 6 de la tarde.", "Los sábados hasta las 2.", "Los domingos cerramos."];
      for (const r of replies) await staffReplies(page, r);
      await v.context().setOffline(false);

      // Every reply sent meanwhile appears exactly once.
      for (const r of replies) await expect(panel.getByText(r)).toHaveCount(1, { timeout: 15_000 });
      await expect(panel.getByText("No se pudo enviar el mensaje. Inténtalo de nuevo.")).toBeHidden();
      await expect(page.getByRole("log").getByText("Escribo sin señal")).toHaveCount(1);
      await expect(panel.getByText("Escribo sin señal")).toHaveCount(1);
    });
  });

  test.describe(() => {
    test.use({ signedInAs: "admin" });

    test("staff resolve, rename and delete a conversation", async ({ page, visitorPhone }) => {
      const text = `Quiero cotizar ${Date.now()}`;
      const { panel } = await visitorWritesToStaff(page, visitorPhone, text);
      await staffOpensFromToast(page, text);

      const main = page.getByRole("main");
      await expect(main.getByText("Estado: Abierta")).toBeVisible();
      await main.getByRole("button", { name: "Gestionar" }).click();
      await expect(page.getByRole("menuitem", { name: "Eliminar" })).toHaveCount(0);
      await page.getByRole("menuitem", { name: "Marcar como resuelta" }).click();
      await expect(page.getByText("Conversación marcada como resuelta")).toBeVisible();
      await expect(main.getByText("Estado: Resuelta")).toBeVisible();
      // The widget follows the state live.
      await expect(panel.getByText("Conversación resuelta.", { exact: false })).toBeVisible();

      await main.getByRole("button", { name: "Gestionar" }).click();
      await page.getByRole("menuitem", { name: "Renombrar" }).click();
      await page.getByLabel("Nombre del cliente").fill("  Doña Marta  ");
      await page.getByRole("button", { name: "Guardar" }).click();
      await expect(page.getByText("Conversación renombrada.")).toBeVisible();
      await expect(main.getByRole("heading", { name: "Doña Marta" })).toBeVisible();

      await main.getByRole("button", { name: "Gestionar" }).click();
      await page.getByRole("menuitem", { name: "Eliminar" }).click();
      const confirm = page.getByRole("alertdialog", { name: "¿Eliminar conversación?" });
      await expect(confirm).toContainText(
        'Esta acción es irreversible y borrará todo el historial de chat con "Doña Marta".',
      );
      await confirm.getByRole("button", { name: "Eliminar" }).click();
      await expect(page.getByText("Conversación eliminada.")).toBeVisible();
      await expect(page.getByText("Doña Marta")).toHaveCount(0);
      // The visitor's widget starts afresh.
      await expect(panel.getByText(text)).toBeHidden();
    });

    test("staff assign a conversation to an agent and remove the assignment", async ({
      page,
      staffRequest,
      visitorPhone,
    }) => {
      // Both agents exist (even in a fresh worker, as on a retry) and show as offline.
      await everyAgentOffline(staffRequest);
      const text = `¿Quién me atiende? ${Date.now()}`;
      await visitorWritesToStaff(page, visitorPhone, text);
      await staffOpensFromToast(page, text);

      // A side panel on wide screens, a sheet on phones.
      if ((page.viewportSize()?.width ?? 0) < 1280)
        await page.getByRole("button", { name: "Detalles" }).click();
      const panel = page.getByRole("region", { name: "Asignación de Conversación" });
      await expect(panel.getByText("Esta conversación no está asignada a ningún agente")).toBeVisible();
      await expect(
        panel.getByText("Los agentes asignados reciben notificaciones prioritarias"),
      ).toBeVisible();
      await panel
        .getByRole("combobox", { name: "Asignar a un agente..." })
        .selectOption({ label: "Operador — Desconectado" });
      await expect(page.getByText("Conversación asignada")).toBeVisible();
      await expect(panel.getByText("Operador", { exact: true })).toBeVisible();
      await expect(panel.getByText(/^Asignado el \d{2} \w{3} \d{4}, \d{2}:\d{2}$/)).toBeVisible();
      await panel.getByRole("button", { name: "Desasignar" }).click();
      await expect(page.getByText("Asignación removida")).toBeVisible();
      await expect(panel.getByText("Esta conversación no está asignada a ningún agente")).toBeVisible();
    });
  });

  test("presence follows the person: 'En línea' in the header holds on /admin/orders; the last tab closing is offline within 60 s", {
    tag: "@any-screen",
  }, async ({ staffPage, visitorPhone }) => {
    test.setTimeout(180_000);
    const v = await visitorPhone();
    await v.goto("/");
    const panel = await openWidget(v);
    await visitorSends(v, `Hola ${Date.now()}`);

    const s = await staffPage("operador");
    await s.goto("/admin/orders");
    // The header's status control: open it and choose (issue 41).
    await s.getByRole("button", { name: /^Tu estado en el chat: / }).click();
    await s
      .getByRole("group", { name: "Tu estado en el chat" })
      .getByRole("radio", { name: "En línea", exact: true })
      .click();
    await expect(s.getByRole("button", { name: "Tu estado en el chat: En línea" })).toBeVisible();
    const online = panel.getByRole("heading", { name: /^(Operador|Atención al Cliente - En línea)$/ });
    await expect(online).toBeVisible({ timeout: 2_000 });
    // Working on the orders page (not the inbox) for longer than presence lasts without a beat:
    // the visitor keeps seeing the agent available the whole time.
    const until = Date.now() + 55_000;
    await expect
      .poll(
        async () => {
          await s.getByRole("heading", { name: "Gestión de Pedidos" }).click();
          if (!(await online.isVisible())) return "offline";
          return Date.now() >= until ? "held" : "waiting";
        },
        { timeout: 75_000, intervals: [5_000] },
      )
      .toBe("held");
    // The last staff tab closes: visitors are told within 60 s.
    await s.close({ runBeforeUnload: true });
    await expect(
      panel.getByRole("heading", { name: "Fuera de línea - Te responderemos pronto" }),
    ).toBeVisible({
      timeout: 60_000,
    });
  });

  test("staff never see a visitor's session id: list, header, alert, rename field", async ({
    staffPage,
    visitorPhone,
  }) => {
    const s = await staffPage("admin");
    await s.goto("/admin/chat");
    const v = await visitorPhone();
    await v.goto("/");
    await openWidget(v);
    const text = `Sin nombre ${Date.now()}`;
    await visitorSends(v, text);
    // The alert names the visitor 'Visitante N'.
    const toast = s.getByText(new RegExp(`^Visitante \\d+: ${text}$`));
    await expect(toast).toBeVisible();
    const name = ((await toast.textContent()) ?? "").split(":")[0] ?? "";
    // The list shows the same name (on a phone the list is the screen until a conversation opens).
    await expect(
      s.getByRole("list", { name: "Conversaciones" }).getByRole("link", { name: new RegExp(name) }),
    ).toBeVisible();
    await s.getByRole("button", { name: "Ver" }).click();
    const main = s.getByRole("main");
    await expect(main.getByRole("heading", { name })).toBeVisible();
    await main.getByRole("button", { name: "Gestionar" }).click();
    await s.getByRole("menuitem", { name: "Renombrar" }).click();
    await expect(s.getByLabel("Nombre del cliente")).toHaveAttribute("placeholder", name);
    // What a person sees (innerText): text in scripts or hidden from view does not count.
    await expect(s.locator("body")).not.toContainText(/session_\d+/, { useInnerText: true });
    expect(await s.getByLabel("Nombre del cliente").getAttribute("placeholder")).not.toMatch(/session_/);
  });

  test("a private note stays with staff; the visitor never sees it", async ({ staffPage, visitorPhone }) => {
    const s = await staffPage("operador");
    await s.goto("/admin/chat");
    const v = await visitorPhone();
    await v.goto("/");
    const panel = await openWidget(v);
    const text = `Necesito ayuda ${Date.now()}`;
    await visitorSends(v, text);
    await staffOpensFromToast(s, text);
    await s.getByRole("radio", { name: "Nota privada" }).click();
    await s.getByRole("textbox", { name: "Nota privada" }).fill("Cliente frecuente, ofrecer envío gratis");
    await s.getByRole("button", { name: "Guardar nota" }).click();
    await expect(s.getByRole("log").getByText("Nota privada (solo el equipo)")).toBeVisible();
    await s.getByRole("radio", { name: "Responder" }).click();
    await staffReplies(s, "Con gusto le ayudo.");
    await expect(panel.getByText("Con gusto le ayudo.")).toBeVisible();
    await expect(panel.getByText("ofrecer envío gratis")).toHaveCount(0);
    await v.reload();
    const again = await openWidget(v);
    await expect(again.getByText("Con gusto le ayudo.")).toBeVisible();
    await expect(again.getByText("ofrecer envío gratis")).toHaveCount(0);
  });
});
