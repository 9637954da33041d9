/** The building blocks of the report's tabs: a titled panel, an empty note, a row with its share bar. */
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';

/** The report's one chart colour. */
export const BLUE = '#3b82f6';

export function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Card className={cn('min-w-0 space-y-3 p-4 sm:p-6', className)}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

export const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-muted-foreground">{children}</p>;

/** A row of a list: a name and its figure, with an optional share bar. */
export function Row({ label, value, share }: { label: string; value: string; share?: number }) {
  return (
    <li className="space-y-1">
      <div className="flex justify-between gap-3 text-sm">
        <span className="truncate">{label}</span>
        <span className="shrink-0 font-medium">{value}</span>
      </div>
      {share !== undefined && (
        <div className="h-1.5 rounded bg-muted">
          <div className="h-1.5 rounded bg-brand" style={{ width: `${Math.max(0, Math.min(100, share))}%` }} />
        </div>
      )}
    </li>
  );
}
