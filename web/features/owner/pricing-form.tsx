import { useFormContext, useWatch, FormProvider } from 'react-hook-form';
import type { PricingUpdate } from '../../../core/pricing-request';
import { pricingFormSchema, pricingFormValues, type PricingFormValues } from '../../../core/pricing-form-input';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/field';
import { FieldProblem, FormField } from '../../components/ui/form-field';
import { TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { toast } from '../../components/ui/toast-store';
import { showIssuesOnFields, toastFirstProblem, useSchemaForm } from '../../lib/form';
import { useSavePricing, type OwnerLot } from '../../lib/owner';
import { lotRules } from '../../../core/lot-json';
import { RateCardExample } from './rate-card-example';
import { RateCardFields } from './rate-card-fields';
import { PrintSignLink } from './rate-sign-page';

const STRATEGY_TABS = [
  { value: 'STATIC', label: 'Static' },
  { value: 'PROGRESSIVE', label: 'Progressive' },
  { value: 'RATE_CARD', label: 'Rate card' },
];

/** The three tiers of progressive pricing: from each one's hours on, the whole stay pays the base rate × its multiplier. */
function TierFields() {
  const { register, getValues, formState } = useFormContext<PricingFormValues>();
  const errors = formState.errors.progressiveJson;
  return (
    <>
      {getValues('progressiveJson').map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: always exactly three tiers, edited in place, never reordered.
        <div key={i} className="grid grid-cols-2 gap-3">
          <FormField label={`Tier ${i + 1} Hours`} htmlFor={`tier-${i}-hours`} error={errors?.[i]?.durationHours}>
            <Input id={`tier-${i}-hours`} required type="number" min={1} max={24} {...register(`progressiveJson.${i}.durationHours`)} />
          </FormField>
          <FormField label={`Tier ${i + 1} Multiplier`} htmlFor={`tier-${i}-multiplier`} error={errors?.[i]?.rateMultiplier}>
            <Input
              id={`tier-${i}-multiplier`}
              required
              type="number"
              min={0.1}
              max={2}
              step={0.1}
              {...register(`progressiveJson.${i}.rateMultiplier`)}
            />
          </FormField>
        </div>
      ))}
      <FieldProblem error={{ message: errors?.message ?? errors?.root?.message }} />
    </>
  );
}

/** The hourly rate of static and progressive pricing (a rate card keeps it for when the lot goes back to it). */
function BaseRateField() {
  const { register, formState } = useFormContext<PricingFormValues>();
  return (
    <FormField label="Base Rate (₱ per hour)" htmlFor="base-rate" hint="₱10 to ₱500 an hour." error={formState.errors.baseRate}>
      <Input id="base-rate" required type="number" min={10} max={500} step="0.01" {...register('baseRate')} />
    </FormField>
  );
}

/** One lot's pricing: a static rate in pesos, that rate with three progressive tiers, or a Manila rate card. */
export function PricingForm({ lot }: { lot: OwnerLot }) {
  const form = useSchemaForm(pricingFormSchema, pricingFormValues(lot));
  const strategy = useWatch({ control: form.control, name: 'strategy' });
  const save = useSavePricing();
  const submit = (json: PricingUpdate) =>
    save.mutate(
      { lotId: lot.id, json },
      {
        onSuccess: () => toast({ title: 'Pricing Updated', description: `${lot.name}: new prices apply to new bookings.` }),
        onError: (error) => {
          showIssuesOnFields(error, form);
          toast({ title: 'Pricing Not Saved', description: error.message, variant: 'destructive' });
        },
      },
    );
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(submit, toastFirstProblem('Check the pricing'))} className="space-y-4">
        <Tabs value={strategy} onValueChange={(value) => form.setValue('strategy', value as PricingFormValues['strategy'])}>
          <TabList label="Pricing strategy" tabs={STRATEGY_TABS} />
          <TabPanel value="STATIC" className="space-y-4">
            <BaseRateField />
            <p className="text-sm text-muted-foreground">Every hour of a stay pays the base rate, however long the stay.</p>
          </TabPanel>
          <TabPanel value="PROGRESSIVE" className="space-y-4">
            <BaseRateField />
            <p className="text-sm text-muted-foreground">From each tier's hours on, the whole stay pays the base rate × its multiplier.</p>
            <TierFields />
          </TabPanel>
          <TabPanel value="RATE_CARD" className="space-y-4">
            <RateCardFields motorcycles={(lotRules(lot).vehicleTypes ?? []).includes('motorcycle')} />
            <RateCardExample />
          </TabPanel>
        </Tabs>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            Save Pricing
          </Button>
          {lot.strategy === 'RATE_CARD' && <PrintSignLink lotId={lot.id} />}
        </div>
      </form>
    </FormProvider>
  );
}
