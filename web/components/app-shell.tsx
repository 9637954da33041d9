import type { ReactNode } from 'react';
import { Logo } from './brand';
import { Spinner } from './ui/spinner';

/**
 * The signed-in header's frame: its bar and the brand. The prerendered shell paints it before any
 * JavaScript runs, the SPA shows it while the menus' chunk loads, and the header fills it in, so
 * nothing moves between the three (docs/performance.md, The driver's first screen).
 */
export function HeaderFrame({ children }: { children?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur print:hidden">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Logo />
        {children}
      </div>
    </header>
  );
}

/**
 * What a signed-in screen shows before its code has run: the header's frame and the screen's own
 * first lines (`page`), or the spinner every route shows while it loads. Prerendered at build into
 * the HTML the worker answers signed-in navigations with (web/prerender.tsx).
 */
export function AppShell({ page = <Spinner /> }: { page?: ReactNode }) {
  return (
    <>
      <HeaderFrame />
      {page}
    </>
  );
}
