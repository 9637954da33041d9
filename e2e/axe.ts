import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The rules the product holds itself to: WCAG 2.1, levels A and AA. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Fails when axe-core finds any WCAG 2.1 A/AA violation on the page as it is now, with one line per
 * failing element, so a CI log says what to fix and where.
 */
export async function expectAccessible(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const findings = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${screen}: ${violation.id} at ${node.target.join(' ')} — ${(node.failureSummary ?? violation.help).replace(/\s+/g, ' ')}`,
    ),
  );
  expect(findings).toEqual([]);
}
