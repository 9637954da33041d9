import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatPeso, pesosToCents } from '../../../core/money';
import { dayPriceCents } from '../../../core/pricing';
import { formatTime } from '../../../core/time';
import { PAY_CODE_MINUTES } from '../../../core/wallet';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/field';
import { api, unwrap } from '../../lib/api';
import { lotQuery, lotsQuery, reservationsQuery } from '../../lib/booking';
import { loadedItems } from '../../lib/pages';
import { useSearchText } from '../../lib/use-search-text';
import { QrCode } from '../reservations/qr-pass';
import { VoucherField } from './voucher-field';

type PayLot = { id: string; name: string };
type Consent = { lotId: string; limitCents: number; voucherId?: string };

/**
 * "Pay with Parkada" (docs/gate.md, Who moves whose money): a code the driver shows at a gate's exit,
 * their consent for one stay at one lot, up to a limit, to be paid from this wallet. The driver picks
 * the lot and the limit, then the code is made, valid for PAY_CODE_MINUTES.
 */
export function PayCodeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const code = useMutation({ mutationFn: (json: Consent) => unwrap(api.wallet['pay-code'].$post({ json })) });
  const close = (next: boolean) => {
    if (!next) code.reset();
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close} title="Pay with Parkada">
      {code.data && code.variables ? (
        <div className="space-y-4 text-center">
          <QrCode token={code.data.token} label="Pay with Parkada code" testId="pay-code" />
          <p data-testid="pay-code-consent" className="text-sm">
            Pays up to <span className="font-semibold">{formatPeso(code.data.limitCents)}</span> at{' '}
            <span className="font-semibold">{code.data.lotName}</span>, until{' '}
            <span className="font-semibold">{formatTime(code.data.expiresAt)}</span> ({PAY_CODE_MINUTES} minutes), for one stay.
            {code.variables.voucherId && ' One free hour comes off its price, unless that stay was booked.'}
          </p>
          <div className="flex justify-center gap-2">
            <Button variant="outline" onClick={() => code.reset()}>
              Change
            </Button>
            <Button variant="outline" onClick={() => code.mutate(code.variables!)} disabled={code.isPending}>
              New code
            </Button>
            <Button onClick={() => close(false)}>Done</Button>
          </div>
        </div>
      ) : (
        <ConsentForm onSubmit={(consent) => code.mutate(consent)} pending={code.isPending} error={code.error?.message} />
      )}
    </Dialog>
  );
}

/** Where and up to how much: the lot (where the driver parks now first), and a limit that starts at the lot's price for a day. */
function ConsentForm({ onSubmit, pending, error }: { onSubmit: (consent: Consent) => void; pending: boolean; error?: string }) {
  const [near, setNear] = useState<string | null>(null);
  // What is typed shows at once; the lots are looked up once typing pauses.
  const [typed, setTyped] = useState<string>();
  const [search, setSearch] = useSearchText(undefined, setTyped);
  const lots = usePayLots(near, typed ?? '');
  const [chosen, setChosen] = useState<string | null>(null);
  const lotId = chosen ?? lots[0]?.id ?? null;
  const [limit, setLimit] = useState<{ lotId: string; pesos: string } | null>(null);
  // An unused free-hour voucher can take an hour off a stay that is not a booking (docs/wallet.md, Rewards).
  const [voucherId, setVoucherId] = useState('');
  const { data: lot } = useQuery({ ...lotQuery(lotId ?? ''), enabled: lotId !== null, refetchInterval: false });
  const dayCents = lot && lot.id === lotId ? dayPriceCents(lot.pricing, Date.now()) : null;
  // The limit the driver typed for this lot, else a day at its prices.
  const pesos = limit?.lotId === lotId ? limit.pesos : dayCents !== null ? (dayCents / 100).toFixed(2) : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (lotId) onSubmit({ lotId, limitCents: pesosToCents(pesos), ...(voucherId && { voucherId }) });
  };
  const locate = () =>
    navigator.geolocation?.getCurrentPosition((position) =>
      setNear(`${position.coords.latitude.toFixed(5)},${position.coords.longitude.toFixed(5)}`),
    );

  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Choose where you are parked and the most the code may pay. Show the code to the attendant at the exit: that stay is paid from your
        wallet, and you are told the amount at once.
      </p>
      <Field label="Parking lot" htmlFor="pay-code-lot">
        <Select id="pay-code-lot" value={lotId ?? ''} onChange={(e) => setChosen(e.target.value)} disabled={lots.length === 0}>
          {lots.length === 0 && <option value="">Find your lot below</option>}
          {lots.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </Select>
      </Field>
      <div className="flex items-end gap-2">
        <Field label="Another lot" htmlFor="pay-code-search">
          <Input
            id="pay-code-search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Lot name"
            autoComplete="off"
          />
        </Field>
        <Button type="button" variant="outline" onClick={locate}>
          Near me
        </Button>
      </div>
      <Field
        label="Pays up to (₱)"
        htmlFor="pay-code-limit"
        hint={dayCents !== null ? `A day here costs ${formatPeso(dayCents)}.` : undefined}
      >
        <Input
          id="pay-code-limit"
          inputMode="decimal"
          value={pesos}
          onChange={(e) => lotId && setLimit({ lotId, pesos: e.target.value })}
        />
      </Field>
      <VoucherField id="pay-code-voucher" value={voucherId} onChange={setVoucherId} hint="One hour off a stay you did not book." />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={!lotId || !pesos || pending}>
        {pending ? 'Making your code…' : 'Show code'}
      </Button>
    </form>
  );
}

/**
 * The lots a driver may pay at, likeliest first: where they are parked (an active stay) or about to
 * be (upcoming), the lots near them when they asked, those matching what they typed, then where they
 * parked before. Each lot once.
 */
function usePayLots(near: string | null, search: string): PayLot[] {
  const active = useInfiniteQuery(reservationsQuery({ tab: 'active' }));
  const upcoming = useInfiniteQuery(reservationsQuery({ tab: 'upcoming' }));
  const past = useInfiniteQuery(reservationsQuery({ tab: 'past' }));
  const nearby = useInfiniteQuery({ ...lotsQuery({ near: near ?? undefined, limit: '5' }), enabled: near !== null });
  const found = useInfiniteQuery({ ...lotsQuery({ q: search, limit: '5' }), enabled: search.length >= 2 });
  const booked = (list: typeof active) => loadedItems(list.data).map((item) => ({ id: item.lotId, name: item.lotName }));
  const listed = (list: typeof nearby) => (list.isEnabled ? loadedItems(list.data).map((item) => ({ id: item.id, name: item.name })) : []);
  const all = [...booked(active), ...booked(upcoming), ...listed(nearby), ...listed(found), ...booked(past)];
  return all.filter((lot, index) => all.findIndex((other) => other.id === lot.id) === index);
}
