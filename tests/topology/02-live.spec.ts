import { defined } from "../../app/test/defined";
import { expect, test } from "./fixtures";
import { createOrder, openChatWidget, staffReplies, staffSetsStatus, visitorSends } from "./helpers";

test("a visitor on one instance chats with staff on the other: every message delivered once", async ({
  open,
  topo,
}) => {
  const staff = await open({ role: "operador", base: topo.pinned[1] });
  await staff.goto("/admin/chat");
  await expect(staff.getByRole("heading", { name: "Panel de Chat" })).toBeVisible();
  const visitor = await open({ base: topo.pinned[0] });
  await visitor.goto("/");
  const panel = await openChatWidget(visitor);

  const stamp = Date.now();
  const questions = [1, 2, 3].map((n) => `Pregunta ${n} por la caja ${stamp}`);
  await visitorSends(visitor, defined(questions[0], "first question"));
  await expect(staff.getByText("Nuevo Mensaje")).toBeVisible();
  await staff.getByRole("button", { name: "Ver" }).click();
  for (const q of questions.slice(1)) await visitorSends(visitor, q);
  const replies = [1, 2, 3].map((n) => `Respuesta ${n} del local ${stamp}`);
  for (const r of replies) await staffReplies(staff, r);

  const log = staff.getByRole("log");
  for (const q of questions) await expect(log.getByText(q)).toHaveCount(1);
  for (const r of replies) await expect(panel.getByText(r)).toHaveCount(1);
  for (const q of questions) await expect(panel.getByText(q)).toHaveCount(1);
});

test("staff on one instance change an order and the visitor's tracking page on the other follows", async ({
  open,
  topo,
  staffState,
  playwright,
}) => {
  const staffApi = await playwright.request.newContext({
    baseURL: topo.url,
    storageState: await staffState("operador"),
  });
  const tracking = await createOrder(staffApi, topo.databaseUrl, `Cliente topología ${Date.now()}`);
  await staffApi.dispose();

  const visitor = await open({ base: topo.pinned[0] });
  await visitor.goto(`/seguimiento?numero=${tracking}`);
  await expect(visitor.getByTestId("tracking-status")).toHaveText("En el local");

  const staff = await open({ role: "operador", base: topo.pinned[1] });
  await staff.goto("/admin/orders");
  await staffSetsStatus(staff, tracking, "En reparto");
  await expect(visitor.getByTestId("tracking-status")).toHaveText("En reparto", { timeout: 5000 });
  const timeline = visitor.getByRole("list", { name: "Historial del Pedido" });
  await expect(timeline.getByRole("listitem")).toHaveCount(2);
});
