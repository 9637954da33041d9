import type { ReactNode } from 'react';
import { cn } from './cn';

/** What stays on screen while its next version loads (another filter, another month): faded, and busy to screen readers. */
export const Stale = ({ stale, className, children }: { stale: boolean; className?: string; children: ReactNode }) => (
  <div aria-busy={stale} className={cn(className, stale && 'opacity-60')}>
    {children}
  </div>
);
