import type { AppLoadContext } from "react-router";
import type { StaffUser } from "../auth/sessions";
import type { Db } from "../db/client";
import type { Services } from "../services";
import { createStaff } from "../staff/bootstrap";

/** Staff members for route tests (they need no row: guards read the load context). */
export const TEST_ADMIN: StaffUser = {
  id: "00000000-0000-4000-8000-00000000000a",
  email: "a@x.com",
  name: "Admin",
  role: "admin",
};
export const TEST_OPERADOR: StaffUser = {
  id: "00000000-0000-4000-8000-00000000000b",
  email: "o@x.com",
  name: "Op",
  role: "operador",
};

const owners = new WeakMap<Db, Promise<StaffUser>>();

/** A real admin row ('Dueña') in this database, created on first use: changes record who made them. */
export function ownerOf(db: Db): Promise<StaffUser> {
  let owner = owners.get(db);
  if (!owner) {
    owner = createStaff(db, {
      email: "duena@example.com",
      name: "Dueña",
      role: "admin",
      password: "una-clave-larga-123",
    }).then((s) => ({ id: s.id, email: s.email, name: "Dueña", role: "admin" }));
    owners.set(db, owner);
  }
  return owner;
}

export function routeContext(
  services: Services,
  user: StaffUser | null,
  clientIp = "127.0.0.1",
): AppLoadContext {
  return {
    services,
    auth: { user, error: null },
    requestId: "test",
    clientIp,
    publicOrigin: "http://localhost",
    cspNonce: "test-nonce",
  };
}

/** A form post to `path`, as a browser's form (urlencoded) or, with a file in it, multipart. */
export function formPost(path: string, fields: Record<string, string | Blob>): Request {
  const hasFile = Object.values(fields).some((v) => typeof v !== "string");
  let body: FormData | URLSearchParams;
  if (hasFile) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    body = form;
  } else {
    body = new URLSearchParams(fields as Record<string, string>);
  }
  return new Request(`http://localhost${path}`, { method: "POST", body });
}

export type RouteAnswer<T = unknown> = { status: number; data: T; headers: Headers; location: string | null };

/**
 * Calls a route's loader or action as React Router would and answers what it sent, whether it
 * returned or threw: a Response (redirect), `data(...)` with a status, or plain data (200).
 */
export async function callRoute<T = unknown>(
  // biome-ignore lint/suspicious/noExplicitAny: route args carry generated types the tests do not need.
  fn: (args: any) => unknown,
  request: Request,
  context: AppLoadContext,
  params: Record<string, string> = {},
): Promise<RouteAnswer<T>> {
  let out: unknown;
  try {
    out = await fn({ request, context, params });
  } catch (thrown) {
    out = thrown;
  }
  if (out instanceof Response) {
    const text = await out.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {}
    return {
      status: out.status,
      data: data as T,
      headers: out.headers,
      location: out.headers.get("Location"),
    };
  }
  const d = out as { type?: string; data?: unknown; init?: ResponseInit | null } | null;
  if (d && d.type === "DataWithResponseInit") {
    const headers = new Headers(d.init?.headers);
    return { status: d.init?.status ?? 200, data: d.data as T, headers, location: headers.get("Location") };
  }
  if (out instanceof Error) throw out;
  return { status: 200, data: out as T, headers: new Headers(), location: null };
}

/** The Cookie header a browser sends for a staff session token. */
export async function sessionCookieHeader(token: string): Promise<string> {
  const { sessionSetCookie } = await import("../http/cookies");
  const setCookie = await sessionSetCookie(token, {
    expiresAt: new Date(Date.now() + 3600_000),
    secure: false,
  });
  return setCookie.split(";")[0] ?? "";
}
