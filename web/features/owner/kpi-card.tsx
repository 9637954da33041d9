import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { KpiFigure } from '../../components/kpi-figure';
import { changeText } from './figures-format';

/** One figure with its change against the previous period; `full`: a shortened amount written out. */
export function KpiCard({
  label,
  value,
  full,
  change,
  period,
}: {
  label: string;
  value: string | undefined;
  full?: string;
  change: number | null | undefined;
  period?: string;
}) {
  const Icon = !change ? Minus : change > 0 ? ArrowUpRight : ArrowDownRight;
  return (
    <Card className="min-w-0 p-3 sm:p-4" data-testid="kpi">
      <p className="text-sm text-muted-foreground">{label}</p>
      {value === undefined ? (
        <div className="mt-1 h-8 animate-pulse rounded bg-muted" />
      ) : (
        <>
          <KpiFigure value={value} full={full} className="text-lg sm:text-2xl" />
          <p
            className={cn(
              'mt-1 flex items-start gap-1 text-xs',
              !change ? 'text-muted-foreground' : change > 0 ? 'text-green-700 dark:text-green-400' : 'text-destructive',
            )}
          >
            <Icon className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
            <span>{changeText(change ?? null, period)}</span>
          </p>
        </>
      )}
    </Card>
  );
}
