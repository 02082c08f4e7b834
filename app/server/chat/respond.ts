import { ChatError } from "./events";

/** JSON answers for the chat endpoints: never cached, errors as { error } in Spanish. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function errorResponse(
  err: unknown,
  logger: { error(obj: object, msg: string): void },
  fallback: string,
): Response {
  if (err instanceof ChatError) {
    const headers: Record<string, string> = err.retryAfterSeconds
      ? { "Retry-After": String(err.retryAfterSeconds) }
      : {};
    return json({ error: err.message }, err.status, headers);
  }
  const code =
    (err as { cause?: { code?: string }; code?: string }).cause?.code ?? (err as { code?: string }).code;
  if (code === "22P02" || code === "23503") return json({ error: "Datos inválidos." }, 400);
  logger.error({ err }, "chat request failed");
  return json({ error: fallback }, 500);
}

/** Parses a JSON body; anything else is a clear 400. */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw new ChatError(400, "Solicitud inválida: se esperaba JSON.");
  }
}
