import { useWatch } from 'react-hook-form';
import type { PricingFormValues } from '../../../core/pricing-form-input';
import { formatPeso } from '../../../core/money';
import { cardPrice, rateCardSchema, type RateCard } from '../../../core/rate-card';
import { cardOfTyped } from '../../../core/rate-card-form-input';
import { HOUR_MS, MINUTE_MS } from '../../../core/time';

/** A Monday at 10 AM in Manila: a daytime stay, so the example pays the hours (and a night only past the overnight window). */
const EXAMPLE_START = Date.parse('2026-01-05T10:00:00+08:00');
/** Past the first block by an hour and a fraction, so the example shows both the succeeding hour and the fraction. */
const PAST_FIRST_BLOCK_MS = 70 * MINUTE_MS;

const lengthLabel = (ms: number) => `${Math.floor(ms / HOUR_MS)} h ${Math.round((ms % HOUR_MS) / MINUTE_MS)} min`;

function ExampleLine({ card, vehicle }: { card: RateCard; vehicle: 'car' | 'motorcycle' }) {
  const lengthMs = (card.classes[vehicle]?.firstHours ?? 0) * HOUR_MS + PAST_FIRST_BLOCK_MS;
  const price = cardPrice(card, { startMs: EXAMPLE_START, endMs: EXAMPLE_START + lengthMs, vehicleType: vehicle });
  return (
    <li>
      <span className="font-medium">
        A {vehicle} for {lengthLabel(lengthMs)} pays {formatPeso(price.totalCents)}
      </span>
      <span className="block text-xs text-muted-foreground">
        {price.lines.map((line) => `${line.label} ${formatPeso(line.cents)}`).join(' + ')}
      </span>
    </li>
  );
}

/** What a stay costs by the card as it is being typed, by the same rule the gate charges. */
export function RateCardExample() {
  const typed = useWatch<PricingFormValues, 'rateCard'>({ name: 'rateCard' });
  const card = rateCardSchema.safeParse(cardOfTyped(typed)).data;
  return (
    <section aria-label="Example" aria-live="polite" className="rounded-lg bg-muted p-3 text-sm">
      {card ? (
        <ul className="space-y-2">
          <ExampleLine card={card} vehicle="car" />
          {card.classes.motorcycle && <ExampleLine card={card} vehicle="motorcycle" />}
        </ul>
      ) : (
        <p className="text-muted-foreground">
          Fill in the car's first block, its succeeding hour and the lost ticket fee to see an example.
        </p>
      )}
    </section>
  );
}
