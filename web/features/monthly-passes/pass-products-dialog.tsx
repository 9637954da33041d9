import { useQuery } from '@tanstack/react-query';
import { FormProvider, useFormContext, useWatch, type FieldErrors } from 'react-hook-form';
import { passProductFormSchema, passProductFormValues, type PassProductFormValues } from '../../../core/monthly-pass-form-input';
import { DAY_LABELS } from '../../../core/monthly-passes';
import { formatPeso } from '../../../core/money';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/field';
import { FieldProblem, FormField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { toastFirstProblem, useSchemaForm } from '../../lib/form';
import { ownerPassProductsQuery, useAddPassProduct, usePausePassProduct } from '../../lib/monthly-passes';

const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];

/** The days and hours a pass is valid, when it is not 24/7. */
function ScheduleFields({ errors }: { errors: FieldErrors }) {
  const { register } = useFormContext<PassProductFormValues>();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Valid days and hours (Manila time)</legend>
      <div className="flex flex-wrap gap-2">
        {MONDAY_FIRST.map((d) => (
          <label key={d} className="flex items-center gap-1 text-sm">
            <input type="checkbox" value={String(d)} {...register('days')} />
            {DAY_LABELS[d]}
          </label>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Opens" htmlFor="pass-open">
          <Input id="pass-open" type="time" required {...register('open')} />
        </Field>
        <Field label="Closes" htmlFor="pass-close">
          <Input id="pass-close" type="time" required {...register('close')} />
        </Field>
      </div>
      <FieldProblem error={errors.schedule} />
    </fieldset>
  );
}

/** A new pass product: name, monthly price, 24/7 or days and hours, how many on sale. */
function AddProductForm({ lotId }: { lotId: string }) {
  const add = useAddPassProduct(lotId);
  const form = useSchemaForm(passProductFormSchema, passProductFormValues);
  const always = useWatch({ control: form.control, name: 'always' });
  // The schedule's problems are the request's (`schedule.daysMask`), under the days and hours typed.
  const errors: FieldErrors = form.formState.errors;
  const submit = form.handleSubmit(
    (json) =>
      add.mutate(json, {
        onSuccess: (product) => {
          toast({ title: 'Pass on sale', description: `${product.name}: ${product.hours}, ${formatPeso(product.priceCents)} a month.` });
          form.resetField('name');
        },
        onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
      }),
    toastFirstProblem('Error'),
  );
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} className="space-y-3 border-t border-border pt-4" aria-label="New pass">
        <h3 className="font-semibold">Sell a new pass</h3>
        <FormField label="Name" htmlFor="pass-name" error={errors.name}>
          <Input id="pass-name" placeholder="Weekday commuter" required {...form.register('name')} />
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <FormField label="Price per month (₱)" htmlFor="pass-price" error={errors.priceCents}>
            <Input id="pass-price" type="number" min={500} max={50000} required {...form.register('priceCents')} />
          </FormField>
          <FormField label="Passes on sale" htmlFor="pass-quantity" error={errors.quantity}>
            <Input id="pass-quantity" type="number" min={1} required {...form.register('quantity')} />
          </FormField>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register('always')} />
          Valid 24/7
        </label>
        {!always && <ScheduleFields errors={errors} />}
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Saving...' : 'Put on Sale'}
        </Button>
      </form>
    </FormProvider>
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
