import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { remainingTime, reservationTab, type ReservationTab } from '../../../core/booking';
import { formatPeso } from '../../../core/money';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CardList } from '../../components/ui/card-list';
import { Spinner } from '../../components/ui/spinner';
import { TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { reservationsQuery } from '../../lib/booking';
import { ReservationActions } from './reservation-actions';
import { useMinuteClock } from './reservation-page';
import { StatusBadge } from './status-badge';

const TABS: Record<ReservationTab, { label: string; empty: string }> = {
  upcoming: { label: 'Upcoming', empty: 'No upcoming reservations.' },
  active: { label: 'Active', empty: 'No active reservations.' },
  past: { label: 'Past', empty: 'No past reservations yet.' },
};

/** Spec 2.7 with spec 4's tab rules; remaining time ticks every minute; Cancel and Extend work. */
export function ReservationsPage() {
  const now = useMinuteClock();
  const [tab, setTab] = useState<ReservationTab>('upcoming');
  const { data = [], isLoading } = useQuery(reservationsQuery);
  if (isLoading) return <Spinner label="Loading reservations" />;
  const byTab = (which: ReservationTab) => data.filter((r) => reservationTab(r, now) === which);

  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">My Reservations</h1>
        <Link to="/" className="font-medium text-brand">
          Find New Parking
        </Link>
      </div>
      <Tabs value={tab} onValueChange={(value) => setTab(value as ReservationTab)}>
        <TabList
          label="My Reservations"
          className="inline-flex"
          tabs={(Object.keys(TABS) as ReservationTab[]).map((value) => ({ value, label: `${TABS[value].label} (${byTab(value).length})` }))}
        />
        {(Object.keys(TABS) as ReservationTab[]).map((value) => (
          <TabPanel key={value} value={value}>
            <CardList items={byTab(value)} empty={TABS[value].empty}>
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
                    {value === 'active' && (
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
                  </div>
                </Card>
              )}
            </CardList>
          </TabPanel>
        ))}
      </Tabs>
    </main>
  );
}
