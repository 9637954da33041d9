import { Link } from '@tanstack/react-router';
import { Accessibility, Camera, MapPin, ShieldCheck, Zap } from 'lucide-react';
import { cardLevel, type CardLevel } from '../../../core/availability';
import { driverHoursLabel } from '../../../core/booking';
import { walkingText } from '../../../core/geo';
import { formatPeso } from '../../../core/money';
import { hourlyCentsOf } from '../../../core/search';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import type { DriverLot } from '../../lib/booking';
import type { SearchedVehicle } from './find-parking-search';
import { lotAmenities, lotHours } from '../../../core/lot-json';
import { LotRating } from '../reviews/stars';

const LEVEL_STYLES: Record<CardLevel, string> = {
  good: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  critical: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
  full: 'bg-red-600 text-white',
};

/** "42 of 220 free" coloured by how full the lot is (core/availability.ts), or "Full". */
export function AvailabilityBadge({ free, total }: { free: number; total: number }) {
  const level = cardLevel(free, total);
  return (
    <span data-testid="availability" className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', LEVEL_STYLES[level])}>
      {level === 'full' ? 'Full' : `${free} of ${total} free`}
    </span>
  );
}

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A lot in the search results, with its distance from the point the driver searched and, in Best for
 * you, why it is there. Its page keeps the vehicle searched for, so booking there quotes for it.
 */
export function LotCard({ lot, vehicle, onReserve }: { lot: DriverLot; vehicle?: SearchedVehicle; onReserve: () => void }) {
  const amenities = lotAmenities(lot);
  const full = lot.availability.free <= 0;
  return (
    <Card data-testid="lot-card" className="render-when-near p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link to="/lots/$id" params={{ id: lot.id }} search={{ vehicle }} className="font-semibold hover:underline">
            {lot.name}
          </Link>
          <p className="truncate text-sm text-muted-foreground">{lot.address ?? `${lot.geoLat.toFixed(4)}, ${lot.geoLng.toFixed(4)}`}</p>
        </div>
        <div className="shrink-0 text-right">
          <p className="font-bold">{formatPeso(hourlyCentsOf(lot.availability.quote))}/hr</p>
          <p className="text-xs text-muted-foreground">
            {formatPeso(lot.availability.quote.totalCents)} for {lot.availability.quote.hours} h
          </p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <AvailabilityBadge free={lot.availability.free} total={lot.availability.total} />
        {lot.rating.count > 0 && <LotRating rating={lot.rating} />}
        {lot.distanceKm !== null && (
          <span className="flex items-center gap-1">
            <MapPin className="h-3.5 w-3.5" aria-hidden /> {walkingText(lot.distanceKm)}
          </span>
        )}
        <span>{driverHoursLabel(lotHours(lot), new Date())}</span>
        {amenities.security && (
          <span className="flex items-center gap-1">
            <ShieldCheck className="h-3.5 w-3.5" aria-hidden /> Secure
          </span>
        )}
        {amenities.accessible && <Accessibility className="h-4 w-4" aria-label="Accessible" />}
        {amenities.evCharging && <Zap className="h-4 w-4" aria-label="EV charging" />}
        {amenities.security && <Camera className="h-4 w-4" aria-label="Security cameras" />}
      </div>
      {lot.reasons.length > 0 && (
        <p data-testid="lot-reasons" className="mt-2 text-xs text-muted-foreground">
          <span className="sr-only">Why this lot: </span>
          {sentenceCase(lot.reasons.join(' · '))}
        </p>
      )}
      {lot.availability.problem && <p className="mt-3 text-sm text-amber-700 dark:text-amber-400">{lot.availability.problem}</p>}
      <Button className="mt-3 w-full" disabled={full || !!lot.availability.problem} onClick={onReserve}>
        {full ? 'Currently Full' : lot.availability.problem ? 'Not bookable for this time' : 'Reserve Now'}
      </Button>
    </Card>
  );
}
