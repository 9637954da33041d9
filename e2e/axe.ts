import axe, { type RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The rules the product holds itself to: WCAG 2.1, levels A and AA. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Of those, the rules whose outcome depends on colours (contrast, links told apart from text by colour):
 * all that a second theme of the same page can change, as the themes set colours only (no element
 * is shown or hidden by a theme).
 */
const COLOUR_RULES = axe
  .getRules(WCAG_21_AA)
  .filter((rule) => rule.tags.includes('cat.color'))
  .map((rule) => rule.ruleId);

/**
 * axe-core in the page, put there once per document (the app has no frames): a screen checked in
 * several states (tabs, themes) would otherwise parse its 1.5 MB source for each, as
 * `AxeBuilder.analyze()` does on every call.
 */
async function axeIn(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
}

/**
 * Every part of the page rendered, as it is once scrolled to: cards below the first screen render
 * only when near (`render-when-near`, content-visibility), and axe cannot tell the colours of what is
 * not rendered. The rule's contents are the same rendered or not.
 */
async function renderAll(page: Page) {
  await page.evaluate(() => {
    if (document.getElementById('axe-render-all')) return;
    const style = document.createElement('style');
    style.id = 'axe-render-all';
    style.textContent = '* { content-visibility: visible !important; }';
    document.head.appendChild(style);
  });
}

async function expectNoViolation(page: Page, screen: string, runOnly: RunOptions['runOnly']) {
  await axeIn(page);
  await renderAll(page);
  // Only the violations are gathered and leave the page: the passes would cost as much again.
  const findings = await page.evaluate(
    async ({ only, screen }) => {
      const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: only,
        resultTypes: ['violations'],
      });
      return violations.flatMap((violation) =>
        violation.nodes.map(
          (node) =>
            `${screen}: ${violation.id} at ${node.target.join(' ')} — ${(node.failureSummary ?? violation.help).replace(/\s+/g, ' ')}`,
        ),
      );
    },
    { only: runOnly, screen },
  );
  expect(findings).toEqual([]);
}

/**
 * Fails when axe-core finds any WCAG 2.1 A/AA violation on the page as it is now, with one line per
 * failing element, so a CI log says what to fix and where.
 */
export const expectAccessible = (page: Page, screen: string) => expectNoViolation(page, screen, { type: 'tag', values: WCAG_21_AA });

/** The same, for the rules a change of theme can break: the page in its other theme, once checked whole in one. */
export const expectColoursAccessible = (page: Page, screen: string) =>
  expectNoViolation(page, screen, { type: 'rule', values: COLOUR_RULES });
