import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { formatPeso } from '../../../core/money';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { Field } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { dynamicSuggestionsQuery, ownerLotsQuery, pricingInsightsQuery, type OwnerLot } from '../../lib/owner';
import { DemandBadge, DynamicPricingSwitch, SuggestionItem } from './dynamic-suggestions';
import { LotSelect } from './lot-select';
import { PricingForm } from './pricing-form';
import { WaiversCard } from './waivers-card';

/** The lot's band suggestions, fetched (and refreshed every 5 minutes) only while its switch is on. */
function SuggestionsCard({ lot }: { lot: OwnerLot }) {
  const { data, error, isPending } = useQuery({ ...dynamicSuggestionsQuery(lot.id), enabled: !!lot.dynamicEnabled });
  if (!lot.dynamicEnabled) return null;
  const changes = data?.suggestions.filter((suggestion) => suggestion.change !== 'keep') ?? [];
  const kept = data?.suggestions.filter((suggestion) => suggestion.change === 'keep') ?? [];
  return (
    <Card className="space-y-3">
      <h2 className="font-semibold">Dynamic Pricing Suggestions</h2>
      {isPending ? (
        <Spinner compact label="Loading suggestions" />
      ) : error ? (
        <p className="text-sm text-destructive">{error.message}</p>
      ) : data.suggestions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{data.message}</p>
      ) : (
        <>
          {changes.length === 0 && (
            <p className="text-sm text-muted-foreground">No rate to change: every band with records is where it should be.</p>
          )}
          <ul className="space-y-3">
            {changes.map((suggestion) => (
              <SuggestionItem key={suggestion.band} suggestion={suggestion} />
            ))}
          </ul>
          {kept.length > 0 && (
            <details className="text-sm">
              <summary className="cursor-pointer text-muted-foreground">
                {kept.length} band{kept.length > 1 ? 's' : ''} to leave as they are
              </summary>
              <ul className="mt-3 space-y-3">
                {kept.map((suggestion) => (
                  <SuggestionItem key={suggestion.band} suggestion={suggestion} />
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </Card>
  );
}

/** Current Performance, Peak Hours Analysis and Pricing Alerts, from the lot's records of the last four weeks. */
function PricingInsights({ lot }: { lot: OwnerLot }) {
  const { data, error, isPending } = useQuery(pricingInsightsQuery(lot.id));
  if (isPending) return <Spinner compact label="Loading performance" />;
  if (error) return <p className="text-sm text-destructive">{error.message}</p>;
  const live = lot.occupancy.total ? Math.round((lot.occupancy.occupied / lot.occupancy.total) * 100) : 0;
  return (
    <>
      <Card className="space-y-3" data-testid="current-performance">
        <h2 className="font-semibold">Current Performance</h2>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-muted-foreground">Occupied now</dt>
            <dd className="text-xl font-bold">{live}%</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">
              Average, {data.days} day{data.days === 1 ? '' : 's'}
            </dt>
            <dd className="text-xl font-bold">{data.averageOccupancy}%</dd>
          </div>
        </dl>
        {data.bands.length > 0 && (
          <ul className="space-y-1 text-sm">
            {data.bands.map((band) => (
              <li key={band.band} className="flex items-center justify-between gap-2">
                <span className="min-w-0">
                  {band.label} · <span className="font-medium">{formatPeso(band.rateCents)}</span>
                </span>
                <span className="flex shrink-0 items-center gap-2">
                  {band.occupancy}% <DemandBadge level={band.demandLevel} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="space-y-3">
        <h2 className="font-semibold">Peak Hours Analysis</h2>
        {data.peakHours.length === 0 ? (
          <p className="text-sm text-muted-foreground">No stays recorded in the last four weeks.</p>
        ) : (
          <ol className="space-y-2 text-sm">
            {data.peakHours.map((peak) => (
              <li key={peak.label} className="space-y-1">
                <div className="flex justify-between">
                  <span>{peak.label}</span>
                  <span className="font-medium">{peak.occupancy}%</span>
                </div>
                <div className="h-2 rounded-full bg-muted">
                  <div className="h-2 rounded-full bg-brand" style={{ width: `${peak.occupancy}%` }} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Card className="space-y-3">
        <h2 className="font-semibold">Pricing Alerts</h2>
        {data.alerts.length === 0 ? (
          <p className="text-sm text-muted-foreground">No alerts: no time band is at 80% or more, or under 30%.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {data.alerts.map((alert) => (
              <li
                key={alert.message}
                className={cn(
                  'rounded-lg p-2',
                  alert.type === 'warning' ? 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100' : 'bg-muted',
                )}
              >
                {alert.message}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

/** Pricing Management: pick one of the owner's lots, set its pricing, and steer it with dynamic suggestions. */
export function OwnerPricingPage() {
  const { data: lots } = useSuspenseQuery(ownerLotsQuery);
  const { lot: named } = useSearch({ from: '/_auth/owner/pricing' });
  const navigate = useNavigate({ from: '/owner/pricing' });
  const lotId = named ?? lots[0]?.id ?? '';
  const setLotId = (lot: string) => navigate({ search: { lot }, replace: true });
  const lot = lots.find((candidate) => candidate.id === lotId);
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold">Pricing Management</h1>
      {lots.length === 0 ? (
        <p className="text-muted-foreground">Add a lot first; then set its pricing here.</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="min-w-0 space-y-6 lg:col-span-2">
            <Card className="space-y-4">
              <Field label="Lot" htmlFor="pricing-lot">
                <LotSelect id="pricing-lot" lots={lots} value={lotId} onPick={setLotId} />
              </Field>
              {lot && <DynamicPricingSwitch lot={lot} />}
              {lot && <PricingForm key={lot.id} lot={lot} />}
            </Card>
            {lot?.strategy === 'RATE_CARD' && <WaiversCard lot={lot} />}
            {lot && <SuggestionsCard lot={lot} />}
          </div>
          <aside className="min-w-0 space-y-6">{lot && <PricingInsights lot={lot} />}</aside>
        </div>
      )}
    </main>
  );
}
