import { count, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as chatLoader } from "../../routes/admin/chat/route";
import { action as pageAction } from "../../routes/api/chat.page";
import type { StaffUser } from "../auth/sessions";
import { loadConfig } from "../config";
import { chatClients, chatPageViews, contacts, staffUsers } from "../db/schema";
import type { BusEvent } from "../events/bus";
import type { Services } from "../services";
import { startConversation, withPhotoStorage } from "../testing/chat";
import { testLogger } from "../testing/db";
import { callRoute, routeContext } from "../testing/routes";
import { setupTestDatabase, setupTestStorage } from "../testing/setup";
import { deleteConversation, setConversationStatus } from "./staff";
import {
  PAGE_VIEWS_KEPT,
  type PageView,
  readVisitorContext,
  recordPageView,
  saveVisitorContext,
  thisVisit,
} from "./visitor-context";

const deps = setupTestDatabase({ bus: true });
const storage = setupTestStorage();

const PIXEL_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36";

let operador: StaffUser;
beforeAll(async () => {
  const [u] = await deps.db
    .insert(staffUsers)
    .values({ email: "op-visit@example.com", name: "Olga", role: "operador", passwordHash: "x" })
    .returning();
  if (!u) throw new Error("no user");
  operador = { id: u.id, email: u.email, name: u.name, role: "operador" };
});

function context(user: StaffUser | null = null): AppLoadContext {
  const services = {
    db: deps.db,
    bus: deps.bus,
    logger: testLogger,
    config: loadConfig({}),
  } as unknown as Services;
  return routeContext(services, user, "127.0.0.7");
}

/** POST /api/chat/page as the widget sends it. */
const postPage = (body: unknown, secret: string | null, userAgent = PIXEL_CHROME) =>
  callRoute<{ error?: string }>(
    pageAction,
    new Request("http://localhost/api/chat/page", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": userAgent,
        ...(secret ? { "X-Chat-Secret": secret } : {}),
      },
      body: JSON.stringify(body),
    }),
    context(),
  );

const pathsOf = async (clientId: string) =>
  (await readVisitorContext(deps.db, clientId))?.pages.map((p) => p.path) ?? [];
const at = (iso: string) => new Date(iso);

describe("the visitor's pages (issue 41)", () => {
  it("records the pages a visitor opens, newest first; the newest is where they are now", async () => {
    const { clientId } = await startConversation(deps);
    await recordPageView(
      deps,
      clientId,
      { path: "/", title: "Inicio · Mini Market" },
      at("2026-11-28T15:00:00Z"),
    );
    await recordPageView(deps, clientId, { path: "/tienda", title: "Tienda" }, at("2026-11-28T15:01:00Z"));
    await recordPageView(deps, clientId, { path: "/servicios", title: "" }, at("2026-11-28T15:02:00Z"));
    const ctx = await readVisitorContext(deps.db, clientId);
    expect(ctx?.pages).toEqual([
      { path: "/servicios", title: null, at: "2026-11-28T15:02:00.000Z" },
      { path: "/tienda", title: "Tienda", at: "2026-11-28T15:01:00.000Z" },
      { path: "/", title: "Inicio · Mini Market", at: "2026-11-28T15:00:00.000Z" },
    ]);
    expect(ctx?.current?.path).toBe("/servicios");
  });

  it("takes the same page again within a few seconds as the same view, later as a new one", async () => {
    const { clientId } = await startConversation(deps);
    const t = Date.parse("2026-11-28T16:00:00Z");
    expect(await recordPageView(deps, clientId, { path: "/tienda" }, new Date(t))).toBe(true);
    expect(await recordPageView(deps, clientId, { path: "/tienda" }, new Date(t + 3_000))).toBe(false);
    expect(await recordPageView(deps, clientId, { path: "/tienda" }, new Date(t + 60_000))).toBe(true);
    // Another page in between is no repeat.
    expect(await recordPageView(deps, clientId, { path: "/servicios" }, new Date(t + 61_000))).toBe(true);
    expect(await recordPageView(deps, clientId, { path: "/tienda" }, new Date(t + 62_000))).toBe(true);
    expect(await pathsOf(clientId)).toEqual(["/tienda", "/servicios", "/tienda", "/tienda"]);
  });

  it(`keeps only the newest ${PAGE_VIEWS_KEPT} pages of a conversation`, async () => {
    const { clientId } = await startConversation(deps);
    const t = Date.parse("2026-11-28T17:00:00Z");
    for (let i = 0; i < PAGE_VIEWS_KEPT + 5; i++)
      await recordPageView(deps, clientId, { path: `/tienda/producto-${i}` }, new Date(t + i * 1000));
    const rows = await deps.db
      .select({ path: chatPageViews.path })
      .from(chatPageViews)
      .where(eq(chatPageViews.clientId, clientId));
    expect(rows).toHaveLength(PAGE_VIEWS_KEPT);
    expect(rows.map((r) => r.path)).not.toContain("/tienda/producto-4");
    expect(rows.map((r) => r.path)).toContain("/tienda/producto-5");
    expect((await pathsOf(clientId))[0]).toBe(`/tienda/producto-${PAGE_VIEWS_KEPT + 4}`);
  });

  it("shows this visit's pages only: a pause of more than 30 minutes starts a new visit", async () => {
    const { clientId } = await startConversation(deps);
    await recordPageView(deps, clientId, { path: "/nosotros" }, at("2026-11-27T10:00:00Z"));
    await recordPageView(deps, clientId, { path: "/contact" }, at("2026-11-27T10:05:00Z"));
    await recordPageView(deps, clientId, { path: "/" }, at("2026-11-28T09:00:00Z"));
    await recordPageView(deps, clientId, { path: "/tienda" }, at("2026-11-28T09:20:00Z"));
    await recordPageView(deps, clientId, { path: "/servicios" }, at("2026-11-28T09:45:00Z"));
    expect(await pathsOf(clientId)).toEqual(["/servicios", "/tienda", "/"]);
    const views = (paths: Array<[string, string]>): PageView[] =>
      paths.map(([path, iso]) => ({ path, title: null, at: iso }));
    // Exactly 30 minutes apart is still one visit; none at all is an empty visit.
    expect(
      thisVisit(
        views([
          ["/b", "2026-11-28T10:30:00.000Z"],
          ["/a", "2026-11-28T10:00:00.000Z"],
        ]),
      ),
    ).toHaveLength(2);
    expect(thisVisit([])).toEqual([]);
  });

  it("refuses staff pages and paths that are no page, with a reason in Spanish", async () => {
    const { clientId } = await startConversation(deps);
    await expect(recordPageView(deps, clientId, { path: "/admin/chat" })).rejects.toMatchObject({
      kind: "invalid",
    });
    for (const [path, error] of [
      ["/admin/chat?c=1", "Las páginas del personal no se registran."],
      ["/admin-login", "Las páginas del personal no se registran."],
      ["tienda", "Página inválida."],
      ["//evil.example/x", "Página inválida."],
      ["https://evil.example/", "Página inválida."],
      [`/tienda/${"x".repeat(300)}`, "La dirección de la página es demasiado larga (máximo 300 caracteres)."],
    ]) {
      const res = await postPage({ clientId, path, title: "x" }, (await startConversation(deps)).secret);
      // Checked before the secret: a bad body is refused as such.
      expect(res.status, path).toBe(400);
      expect(res.data.error, path).toBe(error);
    }
    const long = await postPage({ clientId, path: "/tienda", title: "t".repeat(201) }, null);
    expect(long.status).toBe(400);
    expect(long.data.error).toBe("El título es demasiado largo (máximo 200 caracteres).");
    expect(await pathsOf(clientId)).toEqual([]);
  });
});

describe("POST /api/chat/page", () => {
  it("needs the conversation's secret: without it or with another one nothing is recorded", async () => {
    const { clientId } = await startConversation(deps);
    const other = await startConversation(deps);
    const none = await postPage({ clientId, path: "/tienda", title: "Tienda" }, null);
    expect(none.status).toBe(403);
    expect(none.data.error).toBe("No tienes acceso a esta conversación.");
    const wrong = await postPage({ clientId, path: "/tienda", title: "Tienda" }, other.secret);
    expect(wrong.status).toBe(403);
    const missing = await postPage(
      { clientId: "session_1790000000000_nobodyhere", path: "/tienda", title: "Tienda" },
      other.secret,
    );
    expect(missing.status).toBe(404);
    expect(await pathsOf(clientId)).toEqual([]);
  });

  it("records the page and the browser's context, tells staff live, and answers 204", async () => {
    const { clientId, secret } = await startConversation(deps);
    const heard: BusEvent[] = [];
    const stop = deps.bus.subscribe((e) => void (e.type === "chat.visit" && heard.push(e)));
    const res = await postPage(
      {
        clientId,
        path: "/tienda?categoria=granos",
        title: "Tienda · Mini Market",
        context: {
          timeZone: "America/Managua",
          languages: ["es-NI", "es", "en-US"],
          firstSeen: "2026-11-01T14:00:00.000Z",
          visits: 3,
        },
      },
      secret,
    );
    expect(res.status).toBe(204);
    stop();
    expect(heard).toEqual([
      expect.objectContaining({ topic: "staff", type: "chat.visit", payload: { clientId }, signal: true }),
    ]);
    const ctx = await readVisitorContext(deps.db, clientId);
    expect(ctx).toMatchObject({
      device: "Android · Chrome",
      language: "Español, Inglés",
      timeZone: "America/Managua",
      firstSeen: "2026-11-01T14:00:00.000Z",
      visits: 3,
      countryGuess: { name: "Nicaragua", basis: "timeZone" },
      current: { path: "/tienda?categoria=granos", title: "Tienda · Mini Market" },
    });
    // A later report without context keeps what the browser said; one with context updates it.
    expect((await postPage({ clientId, path: "/servicios", title: "Servicios" }, secret)).status).toBe(204);
    await postPage({ clientId, path: "/", title: "Inicio", context: { visits: 4 } }, secret);
    expect(await readVisitorContext(deps.db, clientId)).toMatchObject({
      timeZone: "America/Managua",
      visits: 4,
      pages: [{ path: "/" }, { path: "/servicios" }, { path: "/tienda?categoria=granos" }],
    });
  });

  it("refuses a context that is not what a browser sends", async () => {
    const { clientId, secret } = await startConversation(deps);
    for (const ctx of [
      { timeZone: "Mars/Olympus_Mons" },
      { timeZone: "America/Managua; drop table" },
      { languages: ["<script>"] },
      { visits: -1 },
      { firstSeen: "ayer" },
    ]) {
      const res = await postPage({ clientId, path: "/", title: "Inicio", context: ctx }, secret);
      expect(res.status, JSON.stringify(ctx)).toBe(400);
      expect(res.data.error).toBe("Datos del navegador inválidos.");
    }
    expect(await pathsOf(clientId)).toEqual([]);
  });

  it("limits the pages one conversation may report in a minute", async () => {
    const { clientId, secret } = await startConversation(deps);
    const answers: { status: number; data: { error?: string } }[] = [];
    for (let i = 0; i < 32; i++)
      answers.push(await postPage({ clientId, path: `/tienda/p-${i}`, title: "Producto" }, secret));
    expect(answers.slice(0, 30).every((a) => a.status === 204)).toBe(true);
    expect(answers.slice(30).map((a) => [a.status, a.data.error])).toEqual([
      [429, "Demasiadas páginas seguidas. Espera un momento."],
      [429, "Demasiadas páginas seguidas. Espera un momento."],
    ]);
  });
});

describe("what staff see", () => {
  it("guesses the country from the time zone, else the contact's phone, else the languages", async () => {
    const { clientId } = await startConversation(deps);
    await saveVisitorContext(deps.db, clientId, { languages: ["es-CR"] });
    expect((await readVisitorContext(deps.db, clientId))?.countryGuess).toEqual({
      name: "Costa Rica",
      basis: "language",
    });
    const [contact] = await deps.db
      .insert(contacts)
      .values({ name: "Ana", phone: "+50587654321" })
      .returning({ id: contacts.id });
    await deps.db
      .update(chatClients)
      .set({ contactId: contact?.id })
      .where(eq(chatClients.clientId, clientId));
    expect((await readVisitorContext(deps.db, clientId))?.countryGuess).toEqual({
      name: "Nicaragua",
      basis: "phone",
    });
    await saveVisitorContext(deps.db, clientId, { timeZone: "America/New_York" });
    expect((await readVisitorContext(deps.db, clientId))?.countryGuess).toEqual({
      name: "Estados Unidos",
      basis: "timeZone",
    });
  });

  it("an anonymous visitor's context comes with the inbox's open conversation", async () => {
    const { clientId, secret } = await startConversation(deps);
    await postPage(
      { clientId, path: "/servicios", title: "Servicios", context: { timeZone: "America/Managua" } },
      secret,
    );
    const res = await callRoute<{ contact: unknown; visitor: Record<string, unknown> }>(
      chatLoader,
      new Request(`http://localhost/admin/chat?c=${clientId}`),
      context(operador),
    );
    expect(res.status).toBe(200);
    expect(res.data.contact).toBeNull();
    expect(res.data.visitor).toMatchObject({
      device: "Android · Chrome",
      countryGuess: { name: "Nicaragua" },
      current: { path: "/servicios" },
    });
    // Without a conversation open, nothing about any visitor.
    const list = await callRoute<{ visitor: unknown }>(
      chatLoader,
      new Request("http://localhost/admin/chat"),
      context(operador),
    );
    expect(list.data.visitor).toBeNull();
  });

  it("goes with the conversation when it is deleted", async () => {
    const { clientId, secret } = await startConversation(deps);
    await postPage({ clientId, path: "/tienda", title: "Tienda", context: { visits: 2 } }, secret);
    await setConversationStatus(deps, clientId, "resolved");
    await deleteConversation(withPhotoStorage(deps, storage), clientId);
    const [left] = await deps.db
      .select({ n: count() })
      .from(chatPageViews)
      .where(eq(chatPageViews.clientId, clientId));
    expect(left?.n).toBe(0);
    expect(await readVisitorContext(deps.db, clientId)).toBeNull();
  });
});
