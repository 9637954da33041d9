import { Switch } from 'radix-ui';
import type { DemandLevel } from '../../../core/dynamic-pricing';
import { formatPeso } from '../../../core/money';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { toast } from '../../components/ui/toast-store';
import { useApplyDynamic, useSetDynamicPricing, type DynamicSuggestion } from '../../lib/owner';

const DEMAND: Record<DemandLevel, { label: string; className: string }> = {
  HIGH: { label: 'High demand', className: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200' },
  TARGET: { label: 'On target', className: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200' },
  LOW: { label: 'Low demand', className: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' },
  VERY_LOW: { label: 'Very low demand', className: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200' },
};

export const DemandBadge = ({ level }: { level: DemandLevel }) => (
  <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', DEMAND[level].className)}>{DEMAND[level].label}</span>
);

/** The lot's Enable AI Pricing switch. */
export function DynamicPricingSwitch({ lot }: { lot: { id: string; name: string; dynamicEnabled: boolean | null } }) {
  const toggle = useSetDynamicPricing();
  const id = `dynamic-${lot.id}`;
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg bg-muted/50 p-3">
      <div>
        <label htmlFor={id} className="font-medium">
          Enable AI Pricing
        </label>
        <p className="text-sm text-muted-foreground">
          Suggests a rate for each time band from this lot’s own occupancy; applied rates price new bookings.
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={!!lot.dynamicEnabled}
        disabled={toggle.isPending}
        onCheckedChange={(enabled) =>
          toggle.mutate(
            { lotId: lot.id, enabled },
            { onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }) },
          )
        }
        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 data-[state=checked]:bg-brand dark:bg-slate-600"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </div>
  );
}

/** One band's suggestion: what was seen, the rate, and Apply when it changes the rate. */
export function SuggestionItem({
  suggestion,
  showLot = false,
  showReason = true,
}: {
  suggestion: DynamicSuggestion;
  showLot?: boolean;
  showReason?: boolean;
}) {
  const apply = useApplyDynamic();
  const changes = suggestion.change !== 'keep';
  return (
    <li data-testid="dynamic-suggestion" data-band={suggestion.band} className="space-y-2 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{suggestion.bandLabel}</p>
          {showLot && <p className="text-sm text-muted-foreground">{suggestion.lotName}</p>}
        </div>
        <DemandBadge level={suggestion.demandLevel} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          {changes ? (
            <>
              <span className="text-muted-foreground line-through">{formatPeso(suggestion.currentPrice)}</span> →{' '}
              <span className="font-semibold">{formatPeso(suggestion.suggestedPrice)}/hr</span>
            </>
          ) : (
            <span className="font-semibold">Keep {formatPeso(suggestion.currentPrice)}/hr</span>
          )}
          <span className="text-muted-foreground">
            {' '}
            · {suggestion.occupancy}% at peak · {suggestion.confidence}% confidence
          </span>
        </p>
        {changes && (
          <Button
            size="sm"
            disabled={apply.isPending}
            // Not mutate's own callbacks: an applied band leaves the list, unmounting this item before they could run.
            onClick={() =>
              apply.mutateAsync(suggestion).then(
                () =>
                  toast({
                    title: 'Dynamic Pricing Applied',
                    description: `${suggestion.bandLabel}: ${formatPeso(suggestion.suggestedPrice)} an hour for new bookings.`,
                  }),
                (error: Error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
              )
            }
          >
            Apply
          </Button>
        )}
      </div>
      {showReason && <p className="text-sm text-muted-foreground">{suggestion.reason}</p>}
    </li>
  );
}
