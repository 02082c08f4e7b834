import type { ServerResponse } from "node:http";

/**
 * Runs `fn` just before the response's headers go out, whoever sends them (Express, React
 * Router, Node's implicit headers on the first write): the last word on a header.
 */
export function beforeHeaders(res: ServerResponse, fn: (res: ServerResponse) => void) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    fn(this);
    return writeHead.apply(this, args);
  } as typeof writeHead;
}
