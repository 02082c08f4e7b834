import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request being served, wherever code runs on its behalf (routes, domain modules, the
 * database layer): its id goes into every log line written meanwhile (logger.ts), and a failure
 * shown to a person carries a short reference to that id, so the log tells what happened.
 */
const scope = new AsyncLocalStorage<{ requestId: string }>();

export function runInRequestScope<T>(requestId: string, fn: () => T): T {
  return scope.run({ requestId }, fn);
}

export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

/** What a person can read out or copy: the first 8 characters of the request id (found in the log). */
export function referenceOf(requestId: string | undefined = currentRequestId()): string {
  return (requestId ?? "").replace(/[^\w]/g, "").slice(0, 8) || "-";
}
