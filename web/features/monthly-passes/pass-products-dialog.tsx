import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ALWAYS_VALID, DAY_LABELS, WEEKDAYS_MASK } from '../../../core/monthly-passes';
import { formatPeso, pesosToCents } from '../../../core/money';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { ownerPassProductsQuery, useAddPassProduct, usePausePassProduct } from '../../lib/monthly-passes';

const minuteOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};
const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];

/** A new pass product: name, monthly price, 24/7 or days and hours, how many on sale. */
function AddProductForm({ lotId }: { lotId: string }) {
  const add = useAddPassProduct(lotId);
  const [name, setName] = useState('');
  const [pesos, setPesos] = useState('3000');
  const [always, setAlways] = useState(true);
  const [days, setDays] = useState(WEEKDAYS_MASK);
  const [open, setOpen] = useState('07:00');
  const [close, setClose] = useState('20:00');
  const [quantity, setQuantity] = useState('1');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const schedule = always
      ? ALWAYS_VALID
      : { daysMask: days, openMinute: minuteOf(open), closeMinute: close === '00:00' ? 1440 : minuteOf(close) };
    add.mutate(
      { name, priceCents: pesosToCents(pesos), schedule, quantity: Number(quantity) },
      {
        onSuccess: (product) => {
          toast({ title: 'Pass on sale', description: `${product.name}: ${product.hours}, ${formatPeso(product.priceCents)} a month.` });
          setName('');
        },
        onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-3 border-t border-border pt-4" aria-label="New pass">
      <h3 className="font-semibold">Sell a new pass</h3>
      <Field label="Name" htmlFor="pass-name">
        <Input id="pass-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="Weekday commuter" required />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Price per month (₱)" htmlFor="pass-price">
          <Input id="pass-price" type="number" min={500} max={50000} value={pesos} onChange={(e) => setPesos(e.target.value)} required />
        </Field>
        <Field label="Passes on sale" htmlFor="pass-quantity">
          <Input id="pass-quantity" type="number" min={1} value={quantity} onChange={(e) => setQuantity(e.target.value)} required />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={always} onChange={(e) => setAlways(e.target.checked)} />
        Valid 24/7
      </label>
      {!always && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Valid days and hours (Manila time)</legend>
          <div className="flex flex-wrap gap-2">
            {MONDAY_FIRST.map((d) => (
              <label key={d} className="flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  checked={(days & (1 << d)) !== 0}
                  onChange={(e) => setDays(e.target.checked ? days | (1 << d) : days & ~(1 << d))}
                />
                {DAY_LABELS[d]}
              </label>
            ))}
          </div>
          <div className="grid grid-cols-2 gap-3">
            <Field label="Opens" htmlFor="pass-open">
              <Input id="pass-open" type="time" value={open} onChange={(e) => setOpen(e.target.value)} required />
            </Field>
            <Field label="Closes" htmlFor="pass-close">
              <Input id="pass-close" type="time" value={close} onChange={(e) => setClose(e.target.value)} required />
            </Field>
          </div>
        </fieldset>
      )}
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Saving...' : 'Put on Sale'}
      </Button>
    </form>
  );
}

/** A lot's monthly passes: what is on sale, how many are valid now, pause or resume, add one. */
export function PassProductsDialog({ lot, onClose }: { lot: { id: string; name: string }; onClose: () => void }) {
  const { data, isPending } = useQuery(ownerPassProductsQuery(lot.id));
  const pause = usePausePassProduct(lot.id);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Monthly passes · ${lot.name}`}>
      {isPending || !data ? (
        <Spinner label="Loading passes" />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-muted-foreground">
            Each pass keeps one of the lot's {data.slots} slots in its hours; all passes on sale together never exceed the slots.
          </p>
          {data.products.length === 0 && <p className="text-sm">No passes on sale yet.</p>}
          <ul className="space-y-2">
            {data.products.map((product) => (
              <li
                key={product.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-2 text-sm"
              >
                <span>
                  <span className="font-medium">{product.name}</span> · {product.hours} · {formatPeso(product.priceCents)}/month ·{' '}
                  {product.validNow} of {product.quantity} valid now{product.paused ? ' · Paused' : ''}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={pause.isPending}
                  onClick={() => pause.mutate({ productId: product.id, paused: !product.paused })}
                >
                  {product.paused ? 'Resume' : 'Pause'}
                </Button>
              </li>
            ))}
          </ul>
          <AddProductForm lotId={lot.id} />
        </div>
      )}
    </Dialog>
  );
}
