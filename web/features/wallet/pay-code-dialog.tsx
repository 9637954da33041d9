import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { formatPeso } from '../../../core/money';
import { dayPriceCents } from '../../../core/pricing';
import { formatTime } from '../../../core/time';
import { PAY_CODE_MINUTES } from '../../../core/wallet';
import { payCodeFormSchema, type PayCodeRequest } from '../../../core/wallet-request';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/field';
import { api, unwrap } from '../../lib/api';
import { messageOf, useSchemaForm } from '../../lib/form';
import { lotQuery, lotsQuery, reservationsQuery } from '../../lib/booking';
import { loadedItems } from '../../lib/pages';
import { useSearchText } from '../../lib/use-search-text';
import { QrCode } from '../reservations/qr-pass';
import { VoucherField } from './voucher-field';

type PayLot = { id: string; name: string };
type Consent = PayCodeRequest;

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
  // An unused free-hour voucher can take an hour off a stay that is not a booking (docs/wallet.md, Rewards).
  const form = useSchemaForm(payCodeFormSchema, { lotId: '', limit: '', voucherId: '' });
  const [lotId, limit, voucherId] = form.watch(['lotId', 'limit', 'voucherId']);
  const dayCents = useLimitFromDayPrice(form, lots[0]?.id);
  const locate = () =>
    navigator.geolocation?.getCurrentPosition((position) =>
      setNear(`${position.coords.latitude.toFixed(5)},${position.coords.longitude.toFixed(5)}`),
    );

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Choose where you are parked and the most the code may pay. Show the code to the attendant at the exit: that stay is paid from your
        wallet, and you are told the amount at once.
      </p>
      <Field label="Parking lot" htmlFor="pay-code-lot">
        <Select
          id="pay-code-lot"
          disabled={lots.length === 0}
          // Another lot's limit starts again at a day at its prices.
          {...form.register('lotId', { onChange: () => form.resetField('limit', { defaultValue: '' }) })}
        >
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
        <Input id="pay-code-limit" inputMode="decimal" {...form.register('limit')} />
      </Field>
      <VoucherField
        id="pay-code-voucher"
        value={voucherId}
        onChange={(chosen) => form.setValue('voucherId', chosen)}
        hint="One hour off a stay you did not book."
      />
      <FormProblem message={messageOf(form.formState.errors) ?? error} />
      <Button type="submit" className="w-full" disabled={!lotId || !limit || pending}>
        {pending ? 'Making your code…' : 'Show code'}
      </Button>
    </form>
  );
}

/**
 * The form's lot is the likeliest one until the driver picks another, and its limit a day at that
 * lot's prices until the driver types one. Returns the day's price, once the lot is loaded.
 */
function useLimitFromDayPrice(form: UseFormReturn<z.input<typeof payCodeFormSchema>, unknown, Consent>, likeliestLotId?: string) {
  const lotId = form.watch('lotId');
  useEffect(() => {
    if (!form.getValues('lotId') && likeliestLotId) form.setValue('lotId', likeliestLotId);
  }, [form, likeliestLotId]);
  const { data: lot } = useQuery({ ...lotQuery(lotId), enabled: lotId !== '', refetchInterval: false });
  const dayCents = lot && lot.id === lotId ? dayPriceCents(lot.pricing, Date.now()) : null;
  useEffect(() => {
    if (dayCents !== null && !form.getFieldState('limit').isDirty) form.setValue('limit', (dayCents / 100).toFixed(2));
  }, [form, dayCents]);
  return dayCents;
}

/** The first problem with what was typed, or the server's refusal, in words. */
function FormProblem({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-destructive">
      {message}
    </p>
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
