import { useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { pesosToCents } from '../../../core/money';
import { DEFAULT_TIERS, pricingUpdateSchema, type PricingStrategy, type PricingTier } from '../../../core/pricing';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input, Select } from '../../components/ui/field';
import { TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { toast } from '../../components/ui/toast-store';
import { ownerLotsQuery, useSavePricing, type OwnerLot } from '../../lib/owner';

const tiersOf = (lot: OwnerLot): PricingTier[] => (lot.progressiveJson ? (JSON.parse(lot.progressiveJson) as PricingTier[]) : DEFAULT_TIERS);

/** One lot's pricing: a static rate in pesos, or that rate with three progressive tiers. */
function PricingForm({ lot }: { lot: OwnerLot }) {
  const [strategy, setStrategy] = useState<PricingStrategy>(lot.strategy);
  const [rate, setRate] = useState(String(lot.baseRate / 100));
  const [tiers, setTiers] = useState(() => tiersOf(lot).map((tier) => ({ hours: String(tier.durationHours), multiplier: String(tier.rateMultiplier) })));
  const save = useSavePricing();

  const setTier = (index: number, change: Partial<(typeof tiers)[number]>) => setTiers((current) => current.map((tier, i) => (i === index ? { ...tier, ...change } : tier)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const progressiveJson = tiers.map((tier) => ({ durationHours: Number(tier.hours), rateMultiplier: Number(tier.multiplier) }));
    const body = strategy === 'PROGRESSIVE' ? { strategy, baseRate: pesosToCents(rate), currency: 'PHP' as const, progressiveJson } : { strategy, baseRate: pesosToCents(rate), currency: 'PHP' as const };
    const checked = pricingUpdateSchema.safeParse(body);
    if (!checked.success) {
      toast({ title: 'Check the pricing', description: checked.error.issues[0]?.message, variant: 'destructive' });
      return;
    }
    save.mutate(
      { lotId: lot.id, json: body },
      {
        onSuccess: () => toast({ title: 'Pricing Updated', description: `${lot.name}: new prices apply to new bookings.` }),
        onError: (error) => toast({ title: 'Pricing Not Saved', description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <Tabs value={strategy} onValueChange={(value) => setStrategy(value as PricingStrategy)}>
        <TabList
          label="Pricing strategy"
          tabs={[
            { value: 'STATIC', label: 'Static' },
            { value: 'PROGRESSIVE', label: 'Progressive' },
          ]}
        />
        <Field label="Base Rate (₱ per hour)" htmlFor="base-rate" hint="₱10 to ₱500 an hour.">
          <Input id="base-rate" required type="number" min={10} max={500} step="0.01" value={rate} onChange={(e) => setRate(e.target.value)} />
        </Field>
        <TabPanel value="PROGRESSIVE" className="mt-4 space-y-2">
          <p className="text-sm text-muted-foreground">From each tier's hours on, the whole stay pays the base rate × its multiplier.</p>
          {tiers.map((tier, i) => (
            <div key={i} className="grid grid-cols-2 gap-3">
              <Field label={`Tier ${i + 1} Hours`} htmlFor={`tier-${i}-hours`}>
                <Input id={`tier-${i}-hours`} required type="number" min={1} max={24} value={tier.hours} onChange={(e) => setTier(i, { hours: e.target.value })} />
              </Field>
              <Field label={`Tier ${i + 1} Multiplier`} htmlFor={`tier-${i}-multiplier`}>
                <Input id={`tier-${i}-multiplier`} required type="number" min={0.1} max={2} step={0.1} value={tier.multiplier} onChange={(e) => setTier(i, { multiplier: e.target.value })} />
              </Field>
            </div>
          ))}
        </TabPanel>
      </Tabs>
      <Button type="submit" disabled={save.isPending}>
        Save Pricing
      </Button>
    </form>
  );
}

/** Pricing Management: pick one of the owner's lots and set its static or progressive pricing. */
export function OwnerPricingPage() {
  const { data: lots } = useSuspenseQuery(ownerLotsQuery);
  const [lotId, setLotId] = useState(lots[0]?.id ?? '');
  const lot = lots.find((candidate) => candidate.id === lotId);
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold">Pricing Management</h1>
      {lots.length === 0 ? (
        <p className="text-muted-foreground">Add a lot first; then set its pricing here.</p>
      ) : (
        <Card className="space-y-4">
          <Field label="Lot" htmlFor="pricing-lot">
            <Select id="pricing-lot" value={lotId} onChange={(e) => setLotId(e.target.value)}>
              {lots.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </Select>
          </Field>
          {lot && <PricingForm key={lot.id} lot={lot} />}
        </Card>
      )}
    </main>
  );
}
