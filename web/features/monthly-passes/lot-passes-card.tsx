import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { formatPeso } from '../../../core/money';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { vehiclesQuery } from '../../lib/account';
import { passProductsQuery, useBuyPass, type PassProductOnSale } from '../../lib/monthly-passes';

/** One pass product: its periods with their prices, the plate it is for, and Buy. */
function ProductForm({ product, lotName }: { product: PassProductOnSale; lotName: string }) {
  const vehicles = useQuery(vehiclesQuery).data ?? [];
  const [period, setPeriod] = useState(0);
  const [plate, setPlate] = useState<string | null>(null);
  const [autoRenew, setAutoRenew] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const buy = useBuyPass();
  const navigate = useNavigate();
  const shownPlate = plate ?? vehicles.find((v) => v.isDefault)?.plate ?? vehicles[0]?.plate ?? '';
  const chosen = product.periods[period];
  const id = `pass-${product.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    buy.mutate(
      { json: { productId: product.id, plate: shownPlate, ...(chosen.start ? { start: chosen.start } : {}), autoRenew }, key },
      {
        onSuccess: (pass) => {
          toast({ title: 'Monthly pass bought', description: `${lotName}: ${pass.plate}, ${pass.hours}.` });
          navigate({ to: '/passes' });
        },
        onError: (error) => {
          setKey(crypto.randomUUID());
          toast({ title: 'Pass not bought', description: error.message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-3 border-t border-border pt-3 first:border-t-0 first:pt-0" aria-label={product.name}>
      <div>
        <h3 className="font-semibold">{product.name}</h3>
        <p className="text-sm text-muted-foreground">
          {product.hours} · {formatPeso(product.priceCents)}/month · {product.left} left
        </p>
      </div>
      <fieldset className="space-y-1">
        <legend className="sr-only">Period</legend>
        {product.periods.map((option, index) => (
          <label key={option.label} className="flex items-center justify-between gap-2 text-sm">
            <span className="flex items-center gap-2">
              <input type="radio" name={`${id}-period`} checked={period === index} onChange={() => setPeriod(index)} />
              {option.kind === '30days' ? `30 days (${option.label})` : option.label}
            </span>
            <span className="font-medium">{formatPeso(option.priceCents)}</span>
          </label>
        ))}
      </fieldset>
      <Field label="Plate" htmlFor={`${id}-plate`}>
        <Input
          id={`${id}-plate`}
          list={`${id}-vehicles`}
          value={shownPlate}
          onChange={(e) => setPlate(e.target.value.toUpperCase())}
          placeholder="ABC 1234"
          required
        />
        <datalist id={`${id}-vehicles`}>
          {vehicles.map((v) => (
            <option key={v.id} value={v.plate} />
          ))}
        </datalist>
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={autoRenew} onChange={(e) => setAutoRenew(e.target.checked)} />
        Renew automatically from my wallet
      </label>
      <Button type="submit" className="w-full" disabled={buy.isPending || product.left <= 0 || !shownPlate}>
        {product.left <= 0 ? 'Sold Out' : buy.isPending ? 'Processing...' : `Buy Pass · ${formatPeso(chosen.priceCents)}`}
      </Button>
    </form>
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
