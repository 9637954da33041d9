import { useState, type FormEvent } from 'react';
import { WEEKDAYS, type LotHours, type Weekday } from '../../../core/booking';
import { WALK_IN_HORIZON_CHOICES, WALK_IN_HORIZON_MINUTES } from '../../../core/gate';
import { DEFAULT_LOT_HOURS, ENTRANCE_MAX_METRES, lotCreateSchema, sameEveryDay } from '../../../core/lot-form';
import { lotAmenities, lotHours, lotRules } from '../../../core/lot-json';
import { DEFAULT_RATE_CENTS, pesosToCents } from '../../../core/money';
import { MAX_RATE_CENTS, MIN_RATE_CENTS } from '../../../core/pricing';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { useCreateLot, useUpdateLot, type LotCreateBody, type LotUpdateBody, type OwnerLot } from '../../lib/owner';

const AMENITIES = [
  ['security', 'Security'],
  ['covered', 'Covered'],
  ['evCharging', 'EV Charging'],
  ['accessible', 'Accessible'],
] as const;

const dayLabel = (day: Weekday) => day[0].toUpperCase() + day.slice(1);

/** A latitude or longitude, in degrees as typed. */
const CoordinateField = ({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) => (
  <Field label={label} htmlFor={id}>
    <Input id={id} required type="number" step="any" value={value} onChange={(e) => onChange(e.target.value)} />
  </Field>
);

/** The lot form: the spec's fields with its defaults, per-day hours ("same every day" first) and the slot layout. */
export function LotFormDialog({ lot, open, onOpenChange }: { lot?: OwnerLot; open: boolean; onOpenChange: (open: boolean) => void }) {
  const startHours = lot ? lotHours(lot) : DEFAULT_LOT_HOURS;
  const rules = lot ? lotRules(lot) : {};
  const [name, setName] = useState(lot?.name ?? '');
  const [address, setAddress] = useState(lot?.address ?? '');
  const [geoLat, setGeoLat] = useState(lot ? String(lot.geoLat) : '');
  const [geoLng, setGeoLng] = useState(lot ? String(lot.geoLng) : '');
  // No entrance of its own: Directions lead to the pin.
  const [entranceAtPin, setEntranceAtPin] = useState(lot?.entranceLat == null);
  const [entranceLat, setEntranceLat] = useState(lot?.entranceLat == null ? '' : String(lot.entranceLat));
  const [entranceLng, setEntranceLng] = useState(lot?.entranceLng == null ? '' : String(lot.entranceLng));
  const [maxDuration, setMaxDuration] = useState(String(rules.maxDuration ?? 8));
  const [allowOvernight, setAllowOvernight] = useState(rules.allowOvernight ?? false);
  const [walkInHorizon, setWalkInHorizon] = useState(String(rules.walkInHorizonMinutes ?? WALK_IN_HORIZON_MINUTES));
  const [hours, setHours] = useState<LotHours>(startHours);
  const firstOpen = WEEKDAYS.map((day) => startHours[day]).find(Boolean) ?? { open: '06:00', close: '22:00' };
  const [everyDay, setEveryDay] = useState(
    WEEKDAYS.every((day) => startHours[day]?.open === firstOpen.open && startHours[day]?.close === firstOpen.close),
  );
  const [daily, setDaily] = useState(firstOpen);
  const [amenities, setAmenities] = useState(lot ? lotAmenities(lot) : {});
  const [totalSlots, setTotalSlots] = useState(String(lot?.totalSlots ?? 20));
  const [accessibleSlots, setAccessibleSlots] = useState(String(lot?.accessibleSlots ?? 0));
  const [evChargingSlots, setEvChargingSlots] = useState(String(lot?.evChargingSlots ?? 0));
  const [levels, setLevels] = useState(lot?.levels.join(', ') ?? '');
  const [hourlyRate, setHourlyRate] = useState(String(DEFAULT_RATE_CENTS / 100));
  const create = useCreateLot();
  const update = useUpdateLot();

  const setDay = (day: Weekday, value: { open: string; close: string } | undefined) =>
    setHours((current) => ({ ...current, [day]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const levelList = levels
      .split(',')
      .map((level) => level.trim())
      .filter(Boolean);
    const body = {
      name,
      address: address || undefined,
      geoLat: geoLat === '' ? undefined : Number(geoLat),
      geoLng: geoLng === '' ? undefined : Number(geoLng),
      entranceLat: entranceAtPin ? null : Number(entranceLat),
      entranceLng: entranceAtPin ? null : Number(entranceLng),
      hoursJson: everyDay ? sameEveryDay(daily.open, daily.close) : hours,
      rulesJson: {
        maxDuration: Number(maxDuration),
        allowOvernight,
        vehicleTypes: ['car', 'motorcycle'],
        walkInHorizonMinutes: Number(walkInHorizon),
      },
      amenitiesJson: { security: false, covered: false, evCharging: false, accessible: false, ...amenities },
      totalSlots: Number(totalSlots),
      accessibleSlots: Number(accessibleSlots),
      evChargingSlots: Number(evChargingSlots),
      levels: levelList.length ? levelList : undefined,
      // A new lot's first price; an existing lot's price is changed on the pricing screen.
      ...(lot ? {} : { hourlyRate: pesosToCents(hourlyRate) }),
    };
    // The server says the same; checking here first keeps the form open with the reason.
    const checked = lotCreateSchema.safeParse(body);
    if (!checked.success) {
      toast({ title: 'Check the lot', description: checked.error.issues[0]?.message, variant: 'destructive' });
      return;
    }
    const onError = (error: Error) =>
      toast({ title: lot ? 'Update Failed' : 'Lot Not Created', description: error.message, variant: 'destructive' });
    const done = (title: string, description?: string) => () => {
      toast({ title, description });
      onOpenChange(false);
    };
    if (lot) {
      update.mutate(
        { id: lot.id, json: body as LotUpdateBody },
        {
          // An approved lot's name, address, place and entrance change only once the super admin approves (docs/owner.md).
          onSuccess: (updated) =>
            done(
              'Lot Updated',
              updated.pendingListing
                ? 'The new name, address, place or entrance waits for review; drivers see the approved listing until then.'
                : undefined,
            )(),
          onError,
        },
      );
    } else {
      create.mutate(body as LotCreateBody, {
        onSuccess: done('Lot Created', 'Your lot has been submitted for approval.'),
        onError,
      });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={lot ? 'Edit Lot' : 'Add New Lot'}>
      <form onSubmit={submit} className="max-h-[70vh] space-y-4 overflow-y-auto pr-1">
        <Field label="Lot Name" htmlFor="lot-name">
          <Input id="lot-name" required value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="Address" htmlFor="lot-address">
          <Input id="lot-address" value={address} onChange={(e) => setAddress(e.target.value)} />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <CoordinateField id="lot-lat" label="Latitude" value={geoLat} onChange={setGeoLat} />
          <CoordinateField id="lot-lng" label="Longitude" value={geoLng} onChange={setGeoLng} />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Entrance</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={entranceAtPin}
              onChange={(e) => {
                setEntranceAtPin(e.target.checked);
                // A gate is near the pin: start from it rather than from nothing.
                if (!e.target.checked && entranceLat === '' && entranceLng === '') {
                  setEntranceLat(geoLat);
                  setEntranceLng(geoLng);
                }
              }}
            />{' '}
            Same as the pin
          </label>
          {!entranceAtPin && (
            <>
              <p className="text-xs text-muted-foreground">
                Where cars turn in, within {ENTRANCE_MAX_METRES} m of the pin. Directions lead drivers here.
              </p>
              <div className="grid grid-cols-2 gap-3">
                <CoordinateField id="lot-entrance-lat" label="Entrance Latitude" value={entranceLat} onChange={setEntranceLat} />
                <CoordinateField id="lot-entrance-lng" label="Entrance Longitude" value={entranceLng} onChange={setEntranceLng} />
              </div>
            </>
          )}
        </fieldset>
        <Field label="Max Duration (hours)" htmlFor="lot-max">
          <Input
            id="lot-max"
            required
            type="number"
            min={1}
            max={24}
            value={maxDuration}
            onChange={(e) => setMaxDuration(e.target.value)}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={allowOvernight} onChange={(e) => setAllowOvernight(e.target.checked)} /> Allow overnight parking
        </label>
        <Field
          label="Walk-ins need a slot free for"
          htmlFor="lot-walk-in-horizon"
          hint="A car without a reservation is let in only onto a slot not booked within this time (or before closing)."
        >
          <Select id="lot-walk-in-horizon" value={walkInHorizon} onChange={(e) => setWalkInHorizon(e.target.value)}>
            {[...new Set([...WALK_IN_HORIZON_CHOICES, Number(walkInHorizon)])]
              .sort((a, b) => a - b)
              .map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes % 60 ? `${minutes} minutes` : `${minutes / 60} hour${minutes === 60 ? '' : 's'}`}
                </option>
              ))}
          </Select>
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Hours</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={everyDay} onChange={(e) => setEveryDay(e.target.checked)} /> Same every day
          </label>
          {everyDay ? (
            <div className="grid grid-cols-2 gap-3">
              <Field label="Open Time" htmlFor="lot-open">
                <Input
                  id="lot-open"
                  required
                  type="time"
                  value={daily.open}
                  onChange={(e) => setDaily({ ...daily, open: e.target.value })}
                />
              </Field>
              <Field label="Close Time" htmlFor="lot-close">
                <Input
                  id="lot-close"
                  required
                  type="time"
                  value={daily.close}
                  onChange={(e) => setDaily({ ...daily, close: e.target.value })}
                />
              </Field>
            </div>
          ) : (
            WEEKDAYS.map((day) => {
              const today = hours[day];
              return (
                <div key={day} className="flex items-center gap-2 text-sm">
                  <span className="w-24">{dayLabel(day)}</span>
                  <label className="flex items-center gap-1">
                    <input
                      type="checkbox"
                      aria-label={`${dayLabel(day)} closed`}
                      checked={!today}
                      onChange={(e) => setDay(day, e.target.checked ? undefined : daily)}
                    />{' '}
                    Closed
                  </label>
                  {today && (
                    <>
                      <Input
                        aria-label={`${dayLabel(day)} opens`}
                        type="time"
                        value={today.open}
                        onChange={(e) => setDay(day, { ...today, open: e.target.value })}
                      />
                      <Input
                        aria-label={`${dayLabel(day)} closes`}
                        type="time"
                        value={today.close}
                        onChange={(e) => setDay(day, { ...today, close: e.target.value })}
                      />
                    </>
                  )}
                </div>
              );
            })
          )}
        </fieldset>
        <fieldset className="grid grid-cols-2 gap-2 text-sm">
          <legend className="mb-1 text-sm font-medium">Amenities</legend>
          {AMENITIES.map(([key, label]) => (
            <label key={key} className="flex items-center gap-2">
              <input type="checkbox" checked={!!amenities[key]} onChange={(e) => setAmenities({ ...amenities, [key]: e.target.checked })} />{' '}
              {label}
            </label>
          ))}
        </fieldset>
        <div className="grid grid-cols-3 gap-3">
          <Field label="Total Slots" htmlFor="lot-total">
            <Input id="lot-total" required type="number" min={1} value={totalSlots} onChange={(e) => setTotalSlots(e.target.value)} />
          </Field>
          <Field label="Accessible" htmlFor="lot-accessible">
            <Input id="lot-accessible" type="number" min={0} value={accessibleSlots} onChange={(e) => setAccessibleSlots(e.target.value)} />
          </Field>
          <Field label="EV Charging" htmlFor="lot-ev">
            <Input id="lot-ev" type="number" min={0} value={evChargingSlots} onChange={(e) => setEvChargingSlots(e.target.value)} />
          </Field>
        </div>
        {!lot && (
          <Field label="Hourly Rate (₱)" htmlFor="lot-rate" hint="₱10 to ₱500 an hour; change it later under Pricing.">
            <Input
              id="lot-rate"
              required
              type="number"
              min={MIN_RATE_CENTS / 100}
              max={MAX_RATE_CENTS / 100}
              step="0.01"
              value={hourlyRate}
              onChange={(e) => setHourlyRate(e.target.value)}
            />
          </Field>
        )}
        <Field label="Levels" htmlFor="lot-levels" hint="Optional, comma-separated (B1, B2): slots are labelled like B1-014.">
          <Input id="lot-levels" value={levels} onChange={(e) => setLevels(e.target.value)} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending || update.isPending}>
            {lot ? 'Save Lot' : 'Create Lot'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
