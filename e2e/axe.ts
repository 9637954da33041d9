import axe, { type AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The rules the product holds itself to: WCAG 2.1, levels A and AA. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core in the page, put there once per document (the app has no frames): a screen checked in
 * several states (tabs, themes) would otherwise parse its 1.5 MB source for each, as
 * `AxeBuilder.analyze()` does on every call.
 */
async function axeIn(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
}

/**
 * Fails when axe-core finds any WCAG 2.1 A/AA violation on the page as it is now, with one line per
 * failing element, so a CI log says what to fix and where.
 */
export async function expectAccessible(page: Page, screen: string) {
  await axeIn(page);
  const { violations } = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags } }) as Promise<AxeResults>,
    WCAG_21_AA,
  );
  const findings = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${screen}: ${violation.id} at ${node.target.join(' ')} — ${(node.failureSummary ?? violation.help).replace(/\s+/g, ' ')}`,
    ),
  );
  expect(findings).toEqual([]);
}
