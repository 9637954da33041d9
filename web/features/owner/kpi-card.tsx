import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { changeText } from './figures-format';

/** One figure with its change against the previous period. */
export function KpiCard({
  label,
  value,
  change,
  period,
}: {
  label: string;
  value: string | undefined;
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
          <p className="mt-1 break-words text-lg font-bold sm:text-2xl">{value}</p>
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
