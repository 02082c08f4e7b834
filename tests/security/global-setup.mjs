// The attack suite runs against the built site: build it first if any source changed since.
import { buildIfStale } from "../../scripts/build-if-stale.mjs";

export default async function setup() {
  const { code, reason } = await buildIfStale({ log: (msg) => console.log(`[security] ${msg}`) });
  if (code !== 0) throw new Error(`react-router build failed (${reason}); the attack suite needs the build`);
}
