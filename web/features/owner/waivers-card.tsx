import { waiversOf } from '../../../core/lot-pricing';
import type { Waiver } from '../../../core/rate-card';
import { waiverText } from '../../../core/rate-sign';
import { manilaDate } from '../../../core/time';
import { waiverFormSchema } from '../../../core/waiver-form-input';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Select } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { showIssuesOnFields, toastFirstProblem, useSchemaForm } from '../../lib/form';
import { useAddWaiver, useLiftWaiver, type OwnerLot, type WaiverBody } from '../../lib/owner';

/** A waiver the owner can still lift: it has not ended yet. */
function WaiverItem({ lotId, waiver }: { lotId: string; waiver: Waiver }) {
  const lift = useLiftWaiver();
  const onLift = () =>
    lift.mutate(
      { lotId, waiverId: waiver.id },
      {
        onSuccess: () => toast({ title: 'Waiver Lifted', description: `${waiver.reason}: the card's fees apply again.` }),
        onError: (error) => toast({ title: 'Waiver Not Lifted', description: error.message, variant: 'destructive' }),
      },
    );
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg border border-border p-3 text-sm">
      <span className="min-w-0">
        <span className="block font-medium">{waiver.reason}</span>
        {waiverText(waiver)}
      </span>
      <Button variant="outline" size="sm" disabled={lift.isPending} onClick={onLift}>
        Lift
      </Button>
    </li>
  );
}

/** Waive the card's overnight fees, or all of them, for whole Manila days (a typhoon, ashfall). */
function WaiverForm({ lot }: { lot: OwnerLot }) {
  const today = manilaDate(Date.now());
  const form = useSchemaForm(waiverFormSchema, { from: today, to: today, kind: 'overnight', reason: '' });
  const add = useAddWaiver();
  const errors = form.formState.errors;
  const submit = (json: WaiverBody) =>
    add.mutate(
      { lotId: lot.id, json },
      {
        onSuccess: () => {
          toast({ title: 'Fees Waived', description: `${lot.name}: ${json.reason}` });
          form.reset();
        },
        onError: (error) => {
          showIssuesOnFields(error, form);
          toast({ title: 'Waiver Not Saved', description: error.message, variant: 'destructive' });
        },
      },
    );
  return (
    <form noValidate onSubmit={form.handleSubmit(submit, toastFirstProblem('Check the waiver'))} className="grid gap-3 sm:grid-cols-2">
      <FormField label="First day" htmlFor="waiver-from" error={errors.from}>
        <Input id="waiver-from" type="date" {...form.register('from')} />
      </FormField>
      <FormField label="Last day" htmlFor="waiver-to" error={errors.to}>
        <Input id="waiver-to" type="date" {...form.register('to')} />
      </FormField>
      <FormField label="Waive" htmlFor="waiver-kind" error={errors.kind}>
        <Select id="waiver-kind" {...form.register('kind')}>
          <option value="overnight">Overnight fees</option>
          <option value="all">All fees</option>
        </Select>
      </FormField>
      <FormField label="Reason" htmlFor="waiver-reason" hint="Drivers read it on the lot's page." error={errors.reason}>
        <Input id="waiver-reason" placeholder="Typhoon signal no. 3" {...form.register('reason')} />
      </FormField>
      <Button type="submit" className="sm:col-span-2" disabled={add.isPending}>
        Waive Fees
      </Button>
    </form>
  );
}

/** The card lot's waivers that have not ended, each to lift, and a form to add one. */
export function WaiversCard({ lot }: { lot: OwnerLot }) {
  const now = Date.now();
  const waivers = waiversOf(lot.waiversJson).filter((waiver) => Date.parse(waiver.to) > now);
  return (
    <Card className="space-y-4">
      <h2 className="font-semibold">Waivers</h2>
      {waivers.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No fees waived. When a typhoon or ashfall comes, waive the overnight fee or every fee for the days it lasts.
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Waivers">
          {waivers.map((waiver) => (
            <WaiverItem key={waiver.id} lotId={lot.id} waiver={waiver} />
          ))}
        </ul>
      )}
      <WaiverForm lot={lot} />
    </Card>
  );
}
