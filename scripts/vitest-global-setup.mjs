// Vitest's global set-up, for every project: new PGlite clusters start from one copy of initdb's
// output (scripts/test-cache.mjs shareBlankPgliteImage); the workers inherit PGLITE_BLANK_IMAGE.
import { shareBlankPgliteImage } from "./test-cache.mjs";

export default async function setup() {
  await shareBlankPgliteImage();
}
