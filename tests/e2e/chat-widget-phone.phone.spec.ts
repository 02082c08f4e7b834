import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page, Route } from "@playwright/test";
import sharp from "sharp";
import { everyAgentOffline, expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// The chat widget on a phone (issue 41): a long conversation opens at its newest message on a slow
// network, a photo waits in a preview with a caption until 'Enviar', and shop times say 'hora de
// Miami' on a phone whose clock reads another hour.

/** A small PNG as a phone would pick it. */
async function photo(name: string, rgb: [number, number, number]) {
  const [r, g, b] = rgb;
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** A slow network for the requests `route` catches: each answers `ms` later. */
const slow = (ms: number) => async (route: Route) => {
  await new Promise((r) => setTimeout(r, ms));
  await route.continue().catch(() => {});
};

const lines = Array.from(
  { length: 30 },
  (_, i) => `Línea ${String(i + 1).padStart(2, "0")} de la conversación`,
);

/**
 * A conversation of 30 messages, the visitor's and the operador's in turn, and a photo of the
 * operador's two messages before the end. Made over HTTP as the widget and the inbox post them (from an
 * address of its own, for the per-address limits). Returns the widget's identity.
 */
async function longConversation(visitor: APIRequestContext, staff: APIRequestContext) {
  const clientId = `session_${Date.now()}_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const address = { "X-Forwarded-For": `203.0.113.${1 + Math.floor(Math.random() * 250)}` };
  let secret = "";
  for (const [i, message] of lines.entries()) {
    if (i === 28) {
      const image = await photo("caja.png", [200, 40, 40]);
      const res = await staff.post("/admin/chat", {
        multipart: { intent: "photo", clientId, clientMessageId: randomUUID(), message: "", image },
      });
      expect(res.status(), "staff photo").toBe(200);
    }
    if (i % 2 === 0) {
      const res = await visitor.post("/api/chat/messages", {
        headers: { ...address, ...(secret ? { "X-Chat-Secret": secret } : {}) },
        data: { clientId, clientMessageId: randomUUID(), message },
      });
      expect(res.ok(), `visitor message ${i + 1}: HTTP ${res.status()}`).toBe(true);
      secret ||= ((await res.json()) as { secret: string }).secret;
    } else {
      const res = await staff.post("/admin/chat", { form: { intent: "reply", clientId, message } });
      expect(res.status(), `staff reply ${i + 1}`).toBe(200);
    }
  }
  return { clientId, secret };
}

/** This browser holds the conversation (and said 'Ahora no' to the details card this visit). */
async function holdsConversation(page: Page, identity: { clientId: string; secret: string }) {
  await page.addInitScript((s) => {
    localStorage.setItem("mm_chat", JSON.stringify({ ...s, seenAt: null, outbox: [] }));
    sessionStorage.setItem("mm_chat_contact", "dismissed");
  }, identity);
}

test("a long conversation opens at its newest message on a slow phone, and stays there while photos load", async ({
  page,
  staffRequest,
}) => {
  // Thirty messages over HTTP, then a page whose scripts, history and photos all come late.
  test.setTimeout(120_000);
  const staff = await staffRequest("operador");
  const identity = await longConversation(page.request, staff);
  await holdsConversation(page, identity);
  await page.route((url) => url.pathname.endsWith(".js"), slow(1_500));
  await page.route((url) => url.pathname === "/api/chat/conversation", slow(3_000));
  await page.route((url) => url.pathname.startsWith("/files/site-assets/chat/"), slow(5_000));

  await page.goto("/");
  await page.getByRole("button", { name: "Abrir chat" }).click();
  const panel = page.getByRole("dialog");
  const log = panel.getByRole("log", { name: "Mensajes del chat" });
  const newest = log.getByText(lines[29] ?? "", { exact: true });
  const oldest = log.getByText(lines[0] ?? "", { exact: true });
  await expect(newest).toBeInViewport({ timeout: 15_000 });
  await expect(oldest).not.toBeInViewport();

  // The photo above the last message arrives last and pushes it down: the log follows.
  const picture = log.getByRole("img", { name: /^Foto de / });
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight > 0), {
      timeout: 15_000,
    })
    .toBe(true);
  await expect(newest).toBeInViewport();
  await expect(oldest).not.toBeInViewport();

  // A visitor who scrolls up to read stays there while a reply arrives…
  await log.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(oldest).toBeInViewport();
  const reply = `Respuesta mientras lees ${Date.now()}`;
  const res = await staff.post("/admin/chat", {
    form: { intent: "reply", clientId: identity.clientId, message: reply },
  });
  expect(res.status()).toBe(200);
  await expect(log.getByText(reply)).toBeAttached();
  await expect(oldest).toBeInViewport();
  await expect(log.getByText(reply)).not.toBeInViewport();

  // …and what they send is shown at once.
  const mine = `Gracias, ya lo vi ${Date.now()}`;
  await panel.getByLabel("Mensaje", { exact: true }).fill(mine);
  await panel.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(log.getByText(mine)).toBeInViewport();
  await expect(oldest).not.toBeInViewport();
});

test("a photo waits in a preview with a caption: 'Cancelar' drops it, 'Enviar' sends photo and caption in one message", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await gotoReady(page, "/");
  await page.getByRole("button", { name: "Abrir chat" }).click();
  const panel = page.getByRole("dialog");
  const log = panel.getByRole("log", { name: "Mensajes del chat" });
  const draft = panel.getByRole("group", { name: "Foto para enviar" });
  const caption = draft.getByRole("textbox", { name: "Añade un comentario (opcional)" });

  // Picked: a preview, the caption (focused), 'Cancelar' and 'Enviar'; nothing has gone yet.
  await panel.getByLabel("Enviar una foto").setInputFiles(await photo("caja.png", [40, 40, 200]));
  await expect(draft.getByRole("img", { name: "Vista previa de la foto" })).toBeVisible();
  await expect(caption).toBeFocused();
  await expect(draft.getByRole("button", { name: "Cancelar" })).toBeVisible();
  await expect(draft.getByRole("button", { name: "Enviar", exact: true })).toBeVisible();
  await expect(log.getByRole("img", { name: "Tu foto" })).toHaveCount(0);

  await draft.getByRole("button", { name: "Cancelar" }).click();
  await expect(draft).toBeHidden();
  await expect(panel.getByLabel("Mensaje", { exact: true })).toBeFocused();
  await expect(log.getByRole("img", { name: "Tu foto" })).toHaveCount(0);

  // Escape drops the photo, not the chat.
  await panel.getByLabel("Enviar una foto").setInputFiles(await photo("otra.png", [40, 200, 40]));
  await expect(caption).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(draft).toBeHidden();
  await expect(panel).toBeVisible();

  const words = `Así llegó la caja ${Date.now()}`;
  await panel.getByLabel("Enviar una foto").setInputFiles(await photo("caja.png", [200, 200, 40]));
  await caption.fill(words);
  await draft.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(draft).toBeHidden();
  /** The bubble the caption is in: the photo is in it too. */
  const bubbleOf = (text: string) => log.getByText(text).locator("xpath=ancestor::div[1]");
  await expect(log.getByRole("img", { name: "Tu foto" })).toHaveCount(1);
  await expect(bubbleOf(words).getByRole("img", { name: "Tu foto" })).toBeVisible();
  // Stored as one message: after a reload the photo and its caption are still one bubble. The
  // server has it once the bubble says 'Enviado' (a reload before that would cancel the upload).
  await expect(log.getByLabel("Enviado")).toHaveCount(1, { timeout: 15_000 });
  await gotoReady(page, "/");
  await page.getByRole("button", { name: "Abrir chat" }).click();
  await expect(bubbleOf(words).getByRole("img", { name: "Tu foto" })).toBeVisible();
  await expect(log.getByRole("img", { name: "Tu foto" })).toHaveCount(1);
});

test.describe("shop times on a phone in Managua", () => {
  test.use({ timezoneId: "America/Managua" });

  test("say 'hora de Miami' where the phone's clock reads another hour", async ({ page, staffRequest }) => {
    await everyAgentOffline(staffRequest);
    // Saturday 2 PM in Managua, 3 PM in Miami: the shop opens again on Monday.
    await page.clock.setFixedTime(new Date("2026-11-28T20:00:00Z"));
    await gotoReady(page, "/");
    await page.getByRole("button", { name: "Abrir chat" }).click();
    await expect(
      page
        .getByRole("dialog")
        .getByText("Abrimos el lunes a las 9:00 AM (hora de Miami). Responderemos tu mensaje entonces.", {
          exact: true,
        }),
    ).toBeVisible();
  });
});

test.describe("shop times on a phone in Toronto", () => {
  test.use({ timezoneId: "America/Toronto" });

  test("say nothing more where the phone's clock reads Miami's hour", async ({ page, staffRequest }) => {
    await everyAgentOffline(staffRequest);
    await page.clock.setFixedTime(new Date("2026-11-28T20:00:00Z"));
    await gotoReady(page, "/");
    await page.getByRole("button", { name: "Abrir chat" }).click();
    await expect(
      page
        .getByRole("dialog")
        .getByText("Abrimos el lunes a las 9:00 AM. Responderemos tu mensaje entonces.", { exact: true }),
    ).toBeVisible();
  });
});
