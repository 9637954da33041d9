import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { mapLevel, MAP_COLORS } from '../../../core/availability';
import { maxStayHours, stayChoices, stayLabel, WEEKDAYS } from '../../../core/booking';
import { formatPeso } from '../../../core/money';
import { quote } from '../../../core/pricing';
import { formatDateTime, formatTime } from '../../../core/time';
import { LiveStatusBadge } from '../../components/live-status';
import type { LiveStatus } from '../../lib/live';
import type { LotDetail } from '../../lib/booking';
import type { SearchedVehicle } from '../find-parking/find-parking-search';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ArrivalInput, Field } from '../../components/ui/field';
import { cn } from '../../components/ui/cn';
import { lotForecastQuery } from '../../lib/booking';
import { forecastText } from '../../../core/forecast';
import { lotHours, lotRules } from '../../../core/lot-json';
import { HOUR_MS } from '../../../core/time';
import { lotUnavailable } from '../../../core/lot-sale';

/** The live count of free slots in the window chosen, how full the lot is, and how free it usually is then. */
export function LiveAvailability({ lot, live, at }: { lot: LotDetail; live: LiveStatus; at: string }) {
  const { free, total } = lot.availability;
  const percent = total ? Math.round(((total - free) / total) * 100) : 100;
  return (
    <Card>
      <h2 className="mb-3 flex items-center justify-between gap-2 font-semibold">
        Live Availability <LiveStatusBadge status={live} />
      </h2>
      <p className="text-3xl font-bold" data-testid="lot-free">
        {free} <span className="text-base font-normal text-muted-foreground">of {total} slots free</span>
      </p>
      <div className="mt-3 h-2 rounded-full bg-muted" role="img" aria-label={`${percent}% occupied`}>
        <div className="h-2 rounded-full" style={{ width: `${percent}%`, backgroundColor: MAP_COLORS[mapLevel(free, total)] }} />
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        {percent}% occupied {formatDateTime(lot.availability.window.start)} – {formatTime(lot.availability.window.end)}
      </p>
      <UsualAvailability lotId={lot.id} at={at} />
    </Card>
  );
}

/** The lot's week of operating hours and its house rules. */
export function HoursAndRules({ lot, noShowGraceMinutes }: { lot: LotDetail; noShowGraceMinutes: number }) {
  const hoursByDay = lotHours(lot);
  const rules = lotRules(lot);
  return (
    <>
      <Card className="render-when-near">
        <h2 className="mb-3 font-semibold">Operating Hours</h2>
        <dl className="grid grid-cols-2 gap-1 text-sm">
          {WEEKDAYS.map((day) => (
            <div key={day} className="contents">
              <dt className="capitalize text-muted-foreground">{day}</dt>
              <dd>{hoursByDay[day] ? `${hoursByDay[day].open} – ${hoursByDay[day].close}` : 'Closed'}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card className="render-when-near">
        <h2 className="mb-3 font-semibold">Rules</h2>
        <ul className="space-y-1 text-sm">
          <li>Maximum stay: {stayLabel(maxStayHours(rules))}</li>
          <li>Overnight parking: {rules.allowOvernight ? 'Allowed' : 'Not Allowed'}</li>
          <li>Vehicles: {(rules.vehicleTypes ?? ['car']).join(', ')}</li>
          <li>Show your QR pass at the gate; arrive within {noShowGraceMinutes} minutes of your start time.</li>
        </ul>
      </Card>
    </>
  );
}

/**
 * Arrival and duration, each priced for the vehicle searched for (a car unless named); Reserve Now opens
 * the booking, unless the lot is full, off sale or has a problem.
 */
export function QuickReserve({
  lot,
  vehicle,
  window: { when, start, hours },
  onWhen,
  onHours,
  canReserve,
  freeCancelMinutes,
  onReserve,
}: {
  lot: LotDetail;
  vehicle?: SearchedVehicle;
  window: { when: string; start: string; hours: number | null };
  onWhen: (when: string) => void;
  onHours: (hours: number) => void;
  canReserve: boolean;
  freeCancelMinutes: number;
  onReserve: () => void;
}) {
  const rules = lotRules(lot);
  const { free } = lot.availability;
  return (
    <Card>
      <h2 className="mb-3 font-semibold">Quick Reserve</h2>
      <div className="mb-3">
        <Field label="Arrival" htmlFor="quick-when">
          <ArrivalInput id="quick-when" value={when} onChange={onWhen} />
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-2">
        {stayChoices(rules).map((h) => (
          <button
            key={h}
            type="button"
            aria-pressed={hours === h}
            onClick={() => onHours(h)}
            className={cn('rounded-lg border p-2 text-sm', hours === h ? 'border-brand bg-brand/10' : 'border-border')}
          >
            <span className="block font-semibold">{stayLabel(h)}</span>
            {formatPeso(quote(lot.pricing, h * HOUR_MS, Date.parse(start), { vehicleType: vehicle }).totalCents)}
          </button>
        ))}
      </div>
      {lot.availability.problem && <p className="mt-3 text-sm text-amber-700 dark:text-amber-400">{lot.availability.problem}</p>}
      {!lot.onSale && <p className="mt-3 text-sm text-amber-700 dark:text-amber-400">{lotUnavailable(lot.name)}</p>}
      <Button
        className="mt-4 w-full"
        disabled={!canReserve || free <= 0 || hours === null || !!lot.availability.problem || !lot.onSale}
        onClick={onReserve}
      >
        {free <= 0 ? 'Currently Full' : 'Reserve Now'}
      </Button>
      <p className="mt-2 text-xs text-muted-foreground">
        No booking fees • Free cancellation up to {freeCancelMinutes} minutes before arrival
      </p>
    </Card>
  );
}

/** "Usually N of M free at 18:00 on Fridays" for the arrival chosen, from the lot's own history; nothing while it loads or if it fails. */
function UsualAvailability({ lotId, at }: { lotId: string; at: string }) {
  const { data } = useQuery({ ...lotForecastQuery(lotId, at), placeholderData: keepPreviousData });
  if (!data) return null;
  return (
    <p className="mt-2 text-sm" data-testid="lot-forecast">
      {forecastText(data)}
    </p>
  );
}
