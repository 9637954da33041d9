import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { buyPassSchema, type BuyPassRequest } from '../../../core/monthly-pass-request';
import { formatPeso } from '../../../core/money';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input } from '../../components/ui/field';
import { FieldProblem } from '../../components/ui/form-field';
import { showIssuesOnFields, toastFirstProblem, upperCased, useSchemaForm } from '../../lib/form';
import { toast } from '../../components/ui/toast-store';
import { vehiclesQuery } from '../../lib/account';
import { passProductsQuery, useBuyPass, type PassProductOnSale } from '../../lib/monthly-passes';

/** A calendar month starts on its `YYYY-MM`; 30 days from today has no start. */
const startOf = (period: PassProductOnSale['periods'][number]) => period.start ?? undefined;

/** One pass product: its periods with their prices, the plate it is for, and Buy. */
function ProductForm({ product, lotName }: { product: PassProductOnSale; lotName: string }) {
  const form = useSchemaForm(buyPassSchema, { productId: product.id, plate: '', start: startOf(product.periods[0]), autoRenew: false });
  useDefaultPlate(form);
  // The purchase's idempotency key: a new one after each refusal.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const buy = useBuyPass();
  const navigate = useNavigate();
  const [start, plate] = form.watch(['start', 'plate']);
  const chosen = product.periods.find((option) => startOf(option) === start) ?? product.periods[0];
  const id = `pass-${product.id}`;

  const submit = (json: BuyPassRequest) =>
    buy.mutate(
      { json, key },
      {
        onSuccess: (pass) => {
          toast({ title: 'Monthly pass bought', description: `${lotName}: ${pass.plate}, ${pass.hours}.` });
          navigate({ to: '/passes' });
        },
        onError: (error) => {
          setKey(crypto.randomUUID());
          showIssuesOnFields(error, form);
          toast({ title: 'Pass not bought', description: error.message, variant: 'destructive' });
        },
      },
    );

  return (
    <form
      onSubmit={form.handleSubmit(submit, toastFirstProblem('Pass not bought'))}
      noValidate
      className="space-y-3 border-t border-border pt-3 first:border-t-0 first:pt-0"
      aria-label={product.name}
    >
      <div>
        <h3 className="font-semibold">{product.name}</h3>
        <p className="text-sm text-muted-foreground">
          {product.hours} · {formatPeso(product.priceCents)}/month · {product.left} left
        </p>
      </div>
      <fieldset className="space-y-1">
        <legend className="sr-only">Period</legend>
        {product.periods.map((option) => (
          <label key={option.label} className="flex items-center justify-between gap-2 text-sm">
            <span className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-period`}
                checked={chosen === option}
                onChange={() => form.setValue('start', startOf(option))}
              />
              {option.kind === '30days' ? `30 days (${option.label})` : option.label}
            </span>
            <span className="font-medium">{formatPeso(option.priceCents)}</span>
          </label>
        ))}
      </fieldset>
      <Field label="Plate" htmlFor={`${id}-plate`}>
        <Input id={`${id}-plate`} list={`${id}-vehicles`} placeholder="ABC 1234" required {...upperCased(form.register('plate'))} />
        <VehicleOptions id={`${id}-vehicles`} />
        <FieldProblem error={form.formState.errors.plate} />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register('autoRenew')} />
        Renew automatically from my wallet
      </label>
      <Button type="submit" className="w-full" disabled={buy.isPending || product.left <= 0 || !plate}>
        {product.left <= 0 ? 'Sold Out' : buy.isPending ? 'Processing...' : `Buy Pass · ${formatPeso(chosen.priceCents)}`}
      </Button>
    </form>
  );
}

/** The plate starts as the driver's default vehicle's (else their first), until they type another. */
function useDefaultPlate(form: UseFormReturn<z.input<typeof buyPassSchema>, unknown, BuyPassRequest>) {
  const vehicles = useQuery(vehiclesQuery).data ?? [];
  const plate = vehicles.find((v) => v.isDefault)?.plate ?? vehicles[0]?.plate;
  useEffect(() => {
    if (plate && !form.getFieldState('plate').isDirty) form.setValue('plate', plate);
  }, [form, plate]);
}

/** The driver's own plates, offered as the plate field is typed. */
function VehicleOptions({ id }: { id: string }) {
  const vehicles = useQuery(vehiclesQuery).data ?? [];
  return (
    <datalist id={id}>
      {vehicles.map((v) => (
        <option key={v.id} value={v.plate} />
      ))}
    </datalist>
  );
}

/** The monthly passes a lot sells, on its page; nothing when it sells none. */
export function LotPassesCard({ lotId }: { lotId: string }) {
  const { data } = useQuery(passProductsQuery(lotId));
  if (!data?.products.length) return null;
  return (
    <Card>
      <h2 className="mb-1 font-semibold">Monthly Passes</h2>
      <p className="mb-3 text-xs text-muted-foreground">
        A slot kept for your car in the pass's hours, no reservation needed. Not refunded once bought.
      </p>
      <div className="space-y-4">
        {data.products.map((product) => (
          <ProductForm key={product.id} product={product} lotName={data.lotName} />
        ))}
      </div>
    </Card>
  );
}
