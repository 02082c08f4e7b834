// The attack suite runs against the built site: build it first if any source changed since, then
// make the first starts its sites copy (scripts/built-server.mjs siteDataDir) before any file waits on them.

import { buildIfStale } from "../../scripts/build-if-stale.mjs";
import { siteTemplate } from "../../scripts/built-server.mjs";

export default async function setup() {
  const { code, reason } = await buildIfStale({ log: (msg) => console.log(`[security] ${msg}`) });
  if (code !== 0) throw new Error(`react-router build failed (${reason}); the attack suite needs the build`);
  if (!process.env.TEST_DATABASE_URL) {
    await siteTemplate({ demo: true });
    await siteTemplate({ demo: false });
  }
}
