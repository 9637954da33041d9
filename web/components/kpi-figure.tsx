import { cn } from './ui/cn';

/**
 * A tile's figure on one line, never broken inside a number: a long amount comes shortened
 * (`formatPesoShort`), with `full` on hover and for screen readers.
 */
export function KpiFigure({ value, full, className }: { value: string; full?: string; className?: string }) {
  const shortened = full !== undefined && full !== value;
  return (
    <p
      data-testid="kpi-figure"
      className={cn('mt-1 whitespace-nowrap font-bold tabular-nums', className)}
      title={shortened ? full : undefined}
    >
      <span aria-hidden={shortened || undefined}>{value}</span>
      {shortened && <span className="sr-only">{full}</span>}
    </p>
  );
}
