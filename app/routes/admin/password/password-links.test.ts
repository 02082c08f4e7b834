import { eq } from "drizzle-orm";
import { createElement } from "react";
import { useLoaderData } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailQueue } from "~/.server/db/schema";
import { redactSecrets } from "~/.server/http/access-log";
import { startTestApp, type TestApp } from "~/.server/testing/app";
import { createTestDb } from "~/.server/testing/db";
import { routePages } from "~/.server/testing/route-pages";
import { callRoute, formPost, ownerOf, routeContext } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import { startSmtpServer, type TestSmtpServer } from "~/.server/testing/smtp";
import type { FormReply } from "~/lib/forms";
import { RESET_REQUESTED } from "~/lib/password-links";
import { PASSWORD_TOO_SHORT } from "~/lib/passwords";
import { USERS_INTENT } from "~/lib/staff-forms";
import * as adminLogin from "../../admin-login/route";
import { action as usersAction, loader as usersLoader } from "../users/route";
import * as link from "./link";
import * as recover from "./recover";

/**
 * Invitations and password resets end to end (issue 40): the /admin/users screen queues the
 * message, the app's sender delivers it through a real SMTP server, and the link in the message
 * is followed over HTTP on the running app, as a browser without scripts would: GET the page, POST
 * the form, follow the session cookie.
 */

const SITE = "https://tienda.example";
const FIRST_PASSWORD = "una frase larga que elegí";

/** A page that shows who the session cookie names, as the app's own session middleware read it. */
const whoAmI = {
  loader: ({ context }: { context: { auth: { user: { email: string } | null } } }) => ({
    email: context.auth.user?.email ?? "nadie",
  }),
  default: function WhoAmI() {
    return createElement("p", { id: "yo" }, (useLoaderData() as { email: string }).email);
  },
};

let smtp: TestSmtpServer;
let app: TestApp & { close(): Promise<void> };
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp(
    await createTestDb(),
    // Loopback is a trusted proxy here, so each test can be its own client (X-Forwarded-For).
    { SMTP_URL: smtp.url, PUBLIC_URL: SITE, TRUST_PROXY: "loopback" },
    routePages([
      { path: "/admin/clave/:token", module: link },
      { path: "/admin/recuperar", module: recover },
      { path: "/admin-login", module: adminLogin },
      { path: "/yo", module: whoAmI },
    ]),
  );
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** A browser's request: same-origin, from client `ip`, with `cookie`. */
function browser(ip: string, cookie = "") {
  const headers = (more: Record<string, string> = {}) => ({
    "X-Forwarded-For": ip,
    ...(cookie ? { Cookie: cookie } : {}),
    ...more,
  });
  return {
    get: (path: string) => fetch(`${app.url}${path}`, { headers: headers(), redirect: "manual" }),
    /** A form posted without scripts: urlencoded, from a page of the site. */
    post: (path: string, fields: Record<string, string>) =>
      fetch(`${app.url}${path}`, {
        method: "POST",
        headers: headers({ "Content-Type": "application/x-www-form-urlencoded", Origin: SITE }),
        body: new URLSearchParams(fields),
        redirect: "manual",
      }),
  };
}

/** The session cookie a response set ('mm_session=…'), or "". */
const sessionCookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.startsWith("mm_session=") && c.length > "mm_session=".length) ?? "";

/** The e-mail of the staff member a session cookie signs in, or 'nadie'. */
async function whoIs(cookie: string) {
  const html = await (await browser("203.0.113.250", cookie).get("/yo")).text();
  return /<p id="yo">([^<]*)<\/p>/.exec(html)?.[1];
}

/** Signs in through the real sign-in form; the session cookie, or null when refused. */
async function signIn(email: string, password: string, ip = "203.0.113.200") {
  const res = await browser(ip).post("/admin-login", { email, password });
  return res.status === 302 ? sessionCookieOf(res) : null;
}

/** The staff screen's action, as the signed-in owner. */
async function asOwner(fields: Record<string, string>) {
  const owner = await ownerOf(app.services.db);
  return callRoute<FormReply>(
    usersAction,
    formPost("/admin/users", fields),
    routeContext(app.services, owner),
  );
}

/** The message delivered to `to` whose subject matches, and the path of the link in it. */
async function delivered(to: string, subject: RegExp) {
  await app.services.mail.drain();
  const mail = smtp.to(to).findLast((m) => subject.test(m.subject ?? ""));
  if (!mail) throw new Error(`no message '${subject}' for ${to}`);
  const found = /https:\/\/tienda\.example(\/admin\/clave\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "");
  if (!found?.[1]) throw new Error("no link in the message");
  return { mail, path: found[1] };
}

const userIdOf = async (email: string) => {
  const list = await callRoute<{ users: { id: string; email: string }[]; mailSending: boolean }>(
    usersLoader,
    new Request("http://localhost/admin/users"),
    routeContext(app.services, await ownerOf(app.services.db)),
  );
  expect(list.data.mailSending).toBe(true);
  const user = list.data.users.find((u) => u.email === email);
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
};

describe("an invitation by e-mail (issue 40)", () => {
  it("arrives in Spanish to the new member, whose link opens once and signs them in with the password they chose", async () => {
    const added = await asOwner({
      intent: USERS_INTENT.add,
      name: "Ana López",
      email: "ana@tienda.com",
      role: "operador",
    });
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({
      ok: true,
      message: {
        title: "Invitación enviada",
        description: expect.stringMatching(/^Invitación enviada a ana@tienda\.com/),
      },
      extra: { email: "ana@tienda.com", password: null, invitation: "sent" },
    });

    const { mail, path } = await delivered("ana@tienda.com", /^Invitación al panel de Mini Market Latino$/);
    expect(mail.envelopeTo).toEqual(["ana@tienda.com"]);
    expect(mail.text).toContain(
      "Hola Ana López: Dueña te dio una cuenta de operador en el panel de la tienda.",
    );
    expect(mail.text).toContain("El enlace sirve una sola vez y vence el");
    expect(mail.html).toContain(`href="${SITE}${path}"`);

    const ana = browser("203.0.113.10");
    const page = await ana.get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("Elige tu contraseña");
    expect(html).toContain("ana@tienda.com");
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toContain(">Nueva contraseña</label>");
    expect(html).toContain(">Repite la contraseña</label>");

    // The server checks what the browser did not (no scripts): by the fields, nothing saved.
    const short = await ana.post(path, { newPassword: "corta", confirmPassword: "corta" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain(PASSWORD_TOO_SHORT);
    const different = await ana.post(path, {
      newPassword: FIRST_PASSWORD,
      confirmPassword: "otra cosa distinta",
    });
    expect(different.status).toBe(400);
    expect(await different.text()).toContain("Las contraseñas no coinciden.");

    const saved = await ana.post(path, { newPassword: FIRST_PASSWORD, confirmPassword: FIRST_PASSWORD });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/admin");
    const cookie = sessionCookieOf(saved);
    expect(cookie).not.toBe("");
    expect(await whoIs(cookie)).toBe("ana@tienda.com");

    // Once only.
    const again = await ana.get(path);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("Este enlace ya se usó");
    const reused = await ana.post(path, {
      newPassword: "otra frase igual de larga",
      confirmPassword: "otra frase igual de larga",
    });
    expect(reused.status).toBe(409);
    expect(await reused.text()).toContain("¿Olvidaste tu contraseña?");

    expect(await signIn("ana@tienda.com", FIRST_PASSWORD)).toMatch(/^mm_session=/);
    expect(await signIn("ana@tienda.com", "otra frase igual de larga")).toBeNull();
  });

  it("answers an unknown link with a clear message and the way to a new one", async () => {
    const res = await browser("203.0.113.11").get(`/admin/clave/${"x".repeat(43)}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Este enlace no es válido");
    expect(html).toContain('href="/admin/recuperar"');
  });

  it("keeps the link's token out of the access log", () => {
    expect(redactSecrets("/admin/clave/abcDEF_123-xyz?x=1")).toBe("/admin/clave/***?x=***");
    expect(redactSecrets("/admin/clave/abcDEF_123-xyz.data")).toBe("/admin/clave/***");
  });
});

describe("'¿Olvidaste tu contraseña?' (issue 40)", () => {
  it("is offered by the sign-in page", async () => {
    const res = await browser("203.0.113.20").get("/admin-login");
    expect(await res.text()).toContain('href="/admin/recuperar"');
  });

  it("answers the same for an account and for an unknown address, and only the account gets a link that works", async () => {
    await asOwner({ intent: USERS_INTENT.add, name: "Beto", email: "beto@tienda.com", role: "admin" });
    const { path: invitation } = await delivered("beto@tienda.com", /^Invitación/);
    await browser("203.0.113.21").post(invitation, {
      newPassword: FIRST_PASSWORD,
      confirmPassword: FIRST_PASSWORD,
    });

    const form = await browser("203.0.113.21").get("/admin/recuperar");
    expect(form.status).toBe(200);
    expect(await form.text()).toContain(">Correo electrónico</label>");

    const answers = [];
    for (const email of ["Beto@Tienda.com", "nadie@tienda.com"]) {
      const res = await browser("203.0.113.22").post("/admin/recuperar", { email });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(RESET_REQUESTED);
      answers.push(html);
    }
    expect(answers[0]).toBe(answers[1]);
    await app.services.mail.drain();
    expect(smtp.to("nadie@tienda.com")).toHaveLength(0);

    const { mail, path } = await delivered(
      "beto@tienda.com",
      /^Restablecer tu contraseña de Mini Market Latino$/,
    );
    expect(mail.envelopeTo).toEqual(["beto@tienda.com"]);
    expect(mail.text).toContain(
      "Hola Beto: recibimos un pedido para cambiar la contraseña de tu cuenta del panel.",
    );
    expect(mail.text).toContain("Si no lo pediste, no hagas nada: tu contraseña sigue igual.");
    // Asking changed nothing yet.
    expect(await signIn("beto@tienda.com", FIRST_PASSWORD)).toMatch(/^mm_session=/);

    const page = await browser("203.0.113.23").get(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Elige una contraseña nueva");
    const saved = await browser("203.0.113.23").post(path, {
      newPassword: "la nueva frase de Beto",
      confirmPassword: "la nueva frase de Beto",
    });
    expect(saved.status).toBe(302);
    expect(await signIn("beto@tienda.com", FIRST_PASSWORD)).toBeNull();
    expect(await signIn("beto@tienda.com", "la nueva frase de Beto")).toMatch(/^mm_session=/);
  });

  it("refuses an address that is not one, by the field", async () => {
    const res = await browser("203.0.113.24").post("/admin/recuperar", { email: "beto" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Correo inválido.");
  });

  it("is limited per client address, with a Spanish answer and the wait", async () => {
    const client = browser("198.51.100.77");
    for (let i = 0; i < 5; i++) {
      expect((await client.post("/admin/recuperar", { email: `quien${i}@tienda.com` })).status).toBe(200);
    }
    const refused = await client.post("/admin/recuperar", { email: "quien9@tienda.com" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(
      /Pediste varios enlaces seguidos\. Espera \d+ (minutos?|segundos?) antes de pedir otro\./,
    );
    // Another client is not held back.
    expect(
      (await browser("198.51.100.78").post("/admin/recuperar", { email: "quien9@tienda.com" })).status,
    ).toBe(200);
  });

  it("is limited per e-mail, from whatever address", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await browser(`192.0.2.${i + 1}`).post("/admin/recuperar", { email: "caro@tienda.com" })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe("'Restablecer contraseña' by an admin, with mail (issue 40)", () => {
  it("sends a link instead of making a password; the current one works until the link is used", async () => {
    await asOwner({ intent: USERS_INTENT.add, name: "Carla", email: "carla@tienda.com", role: "operador" });
    const { path: invitation } = await delivered("carla@tienda.com", /^Invitación/);
    await browser("203.0.113.30").post(invitation, {
      newPassword: FIRST_PASSWORD,
      confirmPassword: FIRST_PASSWORD,
    });
    const session = await signIn("carla@tienda.com", FIRST_PASSWORD);

    const reset = await asOwner({
      intent: USERS_INTENT.resetPassword,
      userId: await userIdOf("carla@tienda.com"),
    });
    expect(reset.data).toMatchObject({
      ok: true,
      message: {
        title: "Enlace enviado",
        description: expect.stringMatching(/^Enlace enviado a carla@tienda\.com/),
      },
      extra: { password: null },
    });
    expect(await whoIs(session ?? "")).toBe("carla@tienda.com");
    expect(await signIn("carla@tienda.com", FIRST_PASSWORD)).toMatch(/^mm_session=/);

    const { path } = await delivered("carla@tienda.com", /^Restablecer tu contraseña/);
    await browser("203.0.113.31").post(path, {
      newPassword: "la frase nueva de Carla",
      confirmPassword: "la frase nueva de Carla",
    });
    // Her sessions ended with the change.
    expect(await whoIs(session ?? "")).toBe("nadie");
    expect(await signIn("carla@tienda.com", "la frase nueva de Carla")).toMatch(/^mm_session=/);
  });
});

describe("without a mail server (issue 40)", () => {
  const plain = setupTestApp();
  const asOwnerHere = async (fields: Record<string, string>) =>
    callRoute<FormReply>(
      usersAction,
      formPost("/admin/users", fields),
      routeContext(plain.services, await ownerOf(plain.services.db)),
    );

  it("shows the generated password once, and keeps the invitation in 'Correo' for the owner to forward", async () => {
    const added = await asOwnerHere({
      intent: USERS_INTENT.add,
      name: "Dani",
      email: "dani@tienda.com",
      role: "operador",
    });
    expect(added.data).toMatchObject({
      ok: true,
      message: {
        title: "Usuario Creado",
        description: expect.stringContaining("la invitación quedó en Correo"),
      },
      extra: {
        email: "dani@tienda.com",
        password: expect.stringMatching(/^[A-Za-z0-9_-]{20}$/),
        invitation: "outbox",
      },
    });
    await plain.services.mail.drain();
    const held = await plain.services.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.toAddress, "dani@tienda.com"));
    expect(held).toMatchObject([
      { kind: "staff.invitation", state: "held", subject: "Invitación al panel de Mini Market Latino" },
    ]);
  });

  it("keeps 'Restablecer contraseña' making a password to show once", async () => {
    const owner = await ownerOf(plain.services.db);
    const list = await callRoute<{ users: { id: string; email: string }[]; mailSending: boolean }>(
      usersLoader,
      new Request("http://localhost/admin/users"),
      routeContext(plain.services, owner),
    );
    expect(list.data.mailSending).toBe(false);
    const dani = list.data.users.find((u) => u.email === "dani@tienda.com");
    const reset = await asOwnerHere({ intent: USERS_INTENT.resetPassword, userId: dani?.id ?? "" });
    expect(reset.data).toMatchObject({
      ok: true,
      message: { description: "Contraseña restablecida: sus sesiones se cerraron." },
      extra: { password: expect.stringMatching(/^[A-Za-z0-9_-]{20}$/) },
    });
  });
});
