/**
 * What the gate knows of the plate in Manual Entry (docs/gate.md, Plate recognition): the car inside
 * on it (or declared out by its driver's tap and not seen leaving), the reservation it may enter on,
 * or its monthly pass, asked a moment after the attendant stops typing, or at once for a confident
 * camera read. Offline, it says nothing: the entry still works.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatDateTime, formatTime } from '../../../core/time';
import { isPhilippinePlate, normalizePlate } from '../../../core/vehicles';
import { plateLookupQuery } from './gate-api';

const TYPING_PAUSE_MS = 400;

/** The plate once it has stayed the same for a moment (`now`: at once). */
function useSettledPlate(plate: string, now: boolean) {
  const [settled, setSettled] = useState(plate);
  useEffect(() => {
    if (now) return setSettled(plate);
    const timer = setTimeout(() => setSettled(plate), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [plate, now]);
  return settled;
}

/** What is known of a plate, or nothing yet. */
function PlateFacts({ lotId, plate }: { lotId: string; plate: string }) {
  const asked = isPhilippinePlate(plate);
  const { data } = useQuery({ ...plateLookupQuery(lotId, plate), enabled: asked });
  if (!asked || !data || data.plate !== plate) return null;
  const { inside, reservation, monthlyPass } = data;
  const facts = [
    inside &&
      (inside.declaredExitTs
        ? `Driver-declared exit at ${formatTime(inside.declaredExitTs)}, not seen leaving: Check-out charges the time since`
        : `Inside since ${formatTime(inside.entryTs)}${inside.slot ? `, slot ${inside.slot}` : ''}`),
    reservation &&
      `Reservation ${formatDateTime(reservation.startTs)}–${formatTime(reservation.endTs)}${reservation.slot ? `, slot ${reservation.slot}` : ''}`,
    monthlyPass && `Monthly pass, ${monthlyPass.hours}${monthlyPass.validNow ? '' : ' (not valid now)'}`,
  ].filter(Boolean);
  return (
    <p data-testid="plate-lookup" className="rounded-lg bg-muted p-2 text-sm">
      <span className="font-semibold">{data.plate}</span>: {facts.length ? facts.join(' · ') : 'no booking here now: a walk-in.'}
    </p>
  );
}

/** The live region stays mounted, so a screen reader announces each answer as it comes. */
export function PlateLookup({ lotId, plate, now }: { lotId: string; plate: string; now: boolean }) {
  const settled = normalizePlate(useSettledPlate(plate, now));
  return (
    <div aria-live="polite">
      <PlateFacts lotId={lotId} plate={settled} />
    </div>
  );
}
