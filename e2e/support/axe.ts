import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG levels the product promises: 2.2 AA and everything below it. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core over the page as it is and lists every serious or critical violation with the
 * elements it found and axe's summary of what to fix, so a CI log is enough to act on. Two rules
 * axe rates only moderate are held too: one `main` landmark and one visible `h1` (the page title).
 * The check is soft: a test walking many pages reports all of them, then fails.
 */
export async function expectAccessible(page: Page, state: string, options: { exclude?: string } = {}) {
  // Colours are read as they are painted: a mask or drawer still fading, or a table dimmed while it
  // reloads, tints what lies behind it. (Endless animations, such as a live pulse, are not waited for.)
  await page.waitForFunction(
    () =>
      !document.querySelector('.ant-spin-blur') &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
  );
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (options.exclude) builder.exclude(options.exclude);
  const results = await builder.analyze();
  const problems = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) =>
      [
        `${violation.id} (${violation.impact}): ${violation.help}`,
        ...violation.nodes.map((node) => `  at ${node.target.join(' ')}\n    ${node.failureSummary ?? ''}`),
      ].join('\n'),
    );
  const mains = await page.locator('main, [role="main"]').count();
  if (mains !== 1) problems.push(`landmark: ${mains} main landmarks instead of one`);
  const titles = await page.locator('h1:visible').count();
  if (titles !== 1) problems.push(`heading: ${titles} visible h1 instead of one`);
  expect.soft(problems, `${state}\n${problems.join('\n')}`).toEqual([]);
}
