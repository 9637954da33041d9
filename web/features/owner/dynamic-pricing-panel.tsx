import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { dynamicSuggestionsQuery, ownerLotsQuery, useSetDynamicPricing } from '../../lib/owner';
import { SuggestionItem } from './dynamic-suggestions';

const TOP = 3;

/**
 * The owner dashboard's Dynamic Pricing panel, self-contained: whether AI pricing is on, the top
 * proposed changes with Apply, and Enable AI Pricing, which turns it on for the lot shown (`lotId`,
 * the dashboard's location filter) or for every lot of the owner where it is off.
 */
export function DynamicPricingPanel({ lotId }: { lotId?: string }) {
  const { data: lots } = useSuspenseQuery(ownerLotsQuery);
  const shown = lots.filter((lot) => !lotId || lot.id === lotId);
  const on = shown.filter((lot) => lot.dynamicEnabled);
  const off = shown.filter((lot) => !lot.dynamicEnabled);
  const suggestions = useQuery({ ...dynamicSuggestionsQuery(lotId), enabled: on.length > 0 });
  const enable = useSetDynamicPricing();
  const changes = (suggestions.data?.suggestions ?? []).filter((suggestion) => suggestion.change !== 'keep').slice(0, TOP);

  const enableAll = async () => {
    try {
      for (const lot of off) await enable.mutateAsync({ lotId: lot.id, enabled: true });
      toast({
        title: 'AI Pricing Enabled',
        description: `Suggestions for ${off.length === 1 ? off[0].name : `${off.length} lots`} appear here as records allow.`,
      });
    } catch (error) {
      toast({ title: 'Error', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    }
  };

  return (
    <Card className="space-y-3" data-testid="dynamic-pricing-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">Dynamic Pricing</h2>
        {shown.length > 0 && (
          <span className="text-sm text-muted-foreground" data-testid="ai-pricing-state">
            AI pricing {on.length === 0 ? 'off' : on.length === shown.length ? 'on' : `on for ${on.length} of ${shown.length} lots`}
          </span>
        )}
      </div>
      {shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">Add a lot to price it by demand.</p>
      ) : on.length > 0 && suggestions.isPending ? (
        <Spinner compact label="Loading suggestions" />
      ) : changes.length > 0 ? (
        <ul className="space-y-3">
          {changes.map((suggestion) => (
            <SuggestionItem key={`${suggestion.lotId}:${suggestion.band}`} suggestion={suggestion} showLot={!lotId} showReason={false} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          {on.length === 0
            ? 'Turn on AI pricing to get a suggested rate for each time band, from your lots’ own occupancy.'
            : (suggestions.data?.message ?? 'No rate to change now: every time band with records is where it should be.')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {off.length > 0 && (
          <Button size="sm" disabled={enable.isPending} onClick={() => void enableAll()}>
            Enable AI Pricing
          </Button>
        )}
        {shown.length > 0 && (
          <Link to="/owner/pricing" className="inline-flex items-center text-sm font-medium text-brand hover:underline">
            See every suggestion and why
          </Link>
        )}
      </div>
    </Card>
  );
}
