// axe-core checks shared by the specs.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * The axe-core violations on the page as it is now, one readable line each. Runs once fade-in
 * animations have finished (half-transparent text fails contrast). `feature` limits the scan to
 * the page content and its dialogs, leaving out the shared shell.
 *
 * Legacy mode runs `axe.run` in the page itself (same rules, same-origin frames included). The
 * default mode injects axe-core's 500 KB a third time and opens a blank page to merge the frames'
 * results: 0.9 s more per scan on this machine (16% of the products and tracking specs' CPU), enough
 * to push a test with two scans past its 30 s under load. The only frame it leaves out is the
 * Google map on /contact, which is not ours and does not load in tests.
 */
export async function axeViolations(page: Page, { feature = false } = {}): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (feature) builder = builder.include("main").include('[role="dialog"], [role="alertdialog"]');
  const { violations } = await builder.analyze();
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`,
  );
}

/** Fails with the list of axe-core violations on the whole page, if any. */
export async function expectNoAxeViolations(page: Page, context: string): Promise<void> {
  expect(await axeViolations(page), `axe violations on ${context}`).toEqual([]);
}
