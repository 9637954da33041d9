import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MIN_DAYS_BEFORE } from '../../../core/elasticity';
import { formatPeso } from '../../../core/money';
import { bandLabel } from '../../../core/price-bands';
import { formatDateTime } from '../../../core/time';
import { Card } from '../../components/ui/card';
import { SidewaysScroll } from '../../components/ui/sideways-scroll';
import { ownerLotsQuery, priceChangesQuery, type PriceChangeReport } from '../../lib/owner';
import { percent, shortDay } from './figures-format';
import { LotSelect } from './lot-select';

type Change = PriceChangeReport['changes'][number];

const period = (side: Change['before']) =>
  side.from && side.to ? `${shortDay(side.from)}–${shortDay(side.to)}, ${side.days} days` : 'no records';

/** Why a change is left out of the estimate, in the owner's words. */
function whyNotCounted(change: Change, windowDays: number) {
  if (change.fromCents === change.toCents) return 'Price unchanged';
  if (change.after.days < windowDays) return `${change.after.days} of ${windowDays} days after so far`;
  if (change.before.days < MIN_DAYS_BEFORE) return 'Too few days of records before';
  return 'No stays either side';
}

function ChangeRow({ change, windowDays }: { change: Change; windowDays: number }) {
  return (
    <tr className="border-t border-border align-top" data-testid="price-change">
      <td className="py-2 pr-3">
        <p>{formatDateTime(change.changedAt)}</p>
        <p className="text-xs text-muted-foreground">{change.band ? bandLabel(change.band) : 'All hours (base rate)'}</p>
      </td>
      <td className="py-2 pr-3 whitespace-nowrap">
        {formatPeso(change.fromCents)} → {formatPeso(change.toCents)}
      </td>
      <td className="py-2 pr-3 whitespace-nowrap">
        {percent(change.before.occupancyPercent)} → {percent(change.after.occupancyPercent)}
        <p className="text-xs text-muted-foreground">
          {change.before.occupiedHoursPerDay} → {change.after.occupiedHoursPerDay} slot-h/day
        </p>
      </td>
      <td className="py-2 pr-3 whitespace-nowrap">
        {formatPeso(change.before.revenuePerDayCents)} → {formatPeso(change.after.revenuePerDayCents)}
      </td>
      <td className="py-2 text-xs">
        <p>Before: {period(change.before)}</p>
        <p>After: {period(change.after)}</p>
        <p className="text-muted-foreground">
          {change.counted ? `Counted, elasticity ${change.arcElasticity?.toFixed(2)}` : whyNotCounted(change, windowDays)}
        </p>
      </td>
    </tr>
  );
}

function Figures({ lotId }: { lotId: string }) {
  const { data, isLoading, isError, error } = useQuery(priceChangesQuery(lotId));
  if (isLoading) return <div className="h-32 animate-pulse rounded bg-muted" />;
  if (isError) return <p className="text-destructive">{error.message}</p>;
  if (!data) return null;
  return (
    <div className="space-y-3">
      <p className="rounded-lg bg-muted p-3 text-sm" data-testid="elasticity">
        {data.elasticity.message}
      </p>
      {data.changes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No price changes recorded for this lot yet. Changes made under Pricing appear here.</p>
      ) : (
        <SidewaysScroll label={`Price changes of ${data.lotName}`}>
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Price changes of {data.lotName}, newest first</caption>
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="pb-2 pr-3 font-medium">
                  Changed
                </th>
                <th scope="col" className="pb-2 pr-3 font-medium">
                  Price
                </th>
                <th scope="col" className="pb-2 pr-3 font-medium">
                  Occupancy
                </th>
                <th scope="col" className="pb-2 pr-3 font-medium">
                  Money per day
                </th>
                <th scope="col" className="pb-2 font-medium">
                  Compared
                </th>
              </tr>
            </thead>
            <tbody>
              {data.changes.map((change) => (
                <ChangeRow key={change.id} change={change} windowDays={data.windowDays} />
              ))}
            </tbody>
          </table>
        </SidewaysScroll>
      )}
    </div>
  );
}

/**
 * Price changes and what followed (replaces the spec's elasticity sample): for the dashboard's lot, or
 * one picked here when it shows every location. Loaded on its own, after the dashboard.
 */
export default function PriceChangesPanel({ lotId }: { lotId?: string }) {
  const { data: lots } = useSuspenseQuery(ownerLotsQuery);
  const [picked, setPicked] = useState('');
  const shown = lotId || picked || lots[0]?.id;
  return (
    <Card className="min-w-0 space-y-3 p-4 sm:p-6" data-testid="price-changes-panel">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold">Price Changes and What Followed</h2>
          <p className="text-sm text-muted-foreground">
            Occupancy and money received in the hours each price applies to, 4 weeks before and after the change.
          </p>
        </div>
        {!lotId && lots.length > 1 && (
          <LotSelect
            aria-label="Lot for price changes"
            className="min-w-0 max-w-[14rem]"
            lots={lots}
            value={shown ?? ''}
            onPick={setPicked}
          />
        )}
      </div>
      {shown ? <Figures lotId={shown} /> : <p className="text-sm text-muted-foreground">No lots yet.</p>}
    </Card>
  );
}
