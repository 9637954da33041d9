import type { ReactNode } from 'react';

/**
 * Content wider than a phone (a wide table), scrolled sideways inside its own region: the region is
 * named and focusable, so a keyboard can scroll it too (WCAG 2.1.1, axe's scrollable-region-focusable).
 */
export const SidewaysScroll = ({ label, children }: { label: string; children: ReactNode }) => (
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be focusable for a keyboard to scroll it.
  <section className="overflow-x-auto" tabIndex={0} aria-label={label}>
    {children}
  </section>
);
