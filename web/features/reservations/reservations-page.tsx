import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { remainingTime, type ReservationTab } from '../../../core/booking';
import { formatPeso } from '../../../core/money';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CardList } from '../../components/ui/card-list';
import { LoadMore } from '../../components/ui/load-more';
import { Spinner } from '../../components/ui/spinner';
import { TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { reservationCountsQuery, reservationsQuery } from '../../lib/booking';
import { loadedItems } from '../../lib/pages';
import { useMinuteClock } from '../../lib/use-minute-clock';
import { ReservationActions } from './reservation-actions';
import { StatusBadge } from './status-badge';
import { RateStayButton } from '../reviews/rate-stay';

const TABS: Record<ReservationTab, { label: string; empty: string }> = {
  upcoming: { label: 'Upcoming', empty: 'No upcoming reservations.' },
  active: { label: 'Active', empty: 'No active reservations.' },
  past: { label: 'Past', empty: 'No past reservations yet.' },
};

/** Time moves reservations between tabs, so the lists and counts are asked for again every minute. */
const TAB_REFRESH_MS = 60_000;

/**
 * My Reservations: the server decides and counts the tabs (`reservationTab` of core/booking.ts); each
 * tab loads its own pages. Remaining time ticks every minute; Cancel and Extend work.
 */
export function ReservationsPage({ tab, onTabChange }: { tab: ReservationTab; onTabChange: (tab: ReservationTab) => void }) {
  const counts = useSuspenseQuery({ ...reservationCountsQuery(), refetchInterval: TAB_REFRESH_MS });

  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">My Reservations</h1>
        <Link to="/" className="font-medium text-brand">
          Find New Parking
        </Link>
      </div>
      <Tabs value={tab} onValueChange={(value) => onTabChange(value as ReservationTab)}>
        <TabList
          label="My Reservations"
          className="inline-flex"
          tabs={(Object.keys(TABS) as ReservationTab[]).map((value) => ({
            value,
            label: `${TABS[value].label} (${counts.data[value]})`,
          }))}
        />
        {(Object.keys(TABS) as ReservationTab[]).map((value) => (
          <TabPanel key={value} value={value}>
            <Suspense fallback={<Spinner compact label="Loading reservations" />}>
              <TabReservations tab={value} />
            </Suspense>
          </TabPanel>
        ))}
      </Tabs>
    </main>
  );
}

/** One tab's reservations, a page at a time (only the open tab's panel is mounted, so only it loads; the route's loader loaded the tab it opens on). */
function TabReservations({ tab }: { tab: ReservationTab }) {
  const now = useMinuteClock();
  const list = useSuspenseInfiniteQuery({ ...reservationsQuery({ tab }), refetchInterval: TAB_REFRESH_MS });
  return (
    <>
      <CardList items={loadedItems(list.data)} empty={TABS[tab].empty}>
        {(r) => (
          <Card data-testid="reservation-card" className="p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <p className="font-semibold">{r.lotName}</p>
                <p className="text-sm text-muted-foreground">{r.lotAddress}</p>
              </div>
              <StatusBadge status={r.status} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-muted-foreground">Check-in</dt>
                <dd>{formatDateTime(r.startTs)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Check-out</dt>
                <dd>{formatDateTime(r.endTs)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Vehicle</dt>
                <dd>{r.vehiclePlate ?? 'Not specified'}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Slot</dt>
                <dd>{r.slotLabel ?? '—'}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Amount</dt>
                <dd>{formatPeso(r.amountCents)}</dd>
              </div>
              {tab === 'active' && (
                <div>
                  <dt className="text-muted-foreground">Remaining</dt>
                  <dd>{remainingTime(r.endTs, now)}</dd>
                </div>
              )}
            </dl>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button variant="outline" size="sm" asChild>
                <Link to="/reservation/$id" params={{ id: r.id }}>
                  View QR Pass
                </Link>
              </Button>
              <ReservationActions reservation={r} compact />
              {r.status === 'COMPLETED' && <RateStayButton id={r.id} />}
            </div>
          </Card>
        )}
      </CardList>
      <LoadMore list={list} />
    </>
  );
}
