/**
 * The owner's rate card as it is typed: pesos, hours and minutes as text, the overnight window as
 * HH:MM. It becomes the `rateCard` of `PATCH /api/pricing/:lotId` and is judged by `rateCardSchema`,
 * so the form's fields carry the request's paths (`rateCard.classes.car.firstCents`) and show its
 * messages. A blank optional part (a daily maximum, the overnight fee, the motorcycle rate) is left
 * out of the card.
 */
import { z } from 'zod';
import { typedNumber } from './form-input';
import { pesosToCents } from './money';
import type { RateCard } from './rate-card';

const typedClass = z.object({ firstHours: z.string(), firstCents: z.string(), succeedingCents: z.string(), dailyCapCents: z.string() });
type TypedClass = z.input<typeof typedClass>;

export const typedRateCard = z.object({
  graceMinutes: z.string(),
  lostTicketCents: z.string(),
  overnight: z.object({ cents: z.string(), from: z.string(), until: z.string() }),
  classes: z.object({ car: typedClass, motorcycle: typedClass }),
});
export type RateCardFormValues = z.input<typeof typedRateCard>;

const isBlank = (text: string) => text.trim() === '';
/** Pesos as typed: blank is missing (NaN), which the card refuses in its own words. */
const typedCents = (text: string) => (isBlank(text) ? Number.NaN : pesosToCents(text));

const classOf = (typed: TypedClass) => ({
  firstHours: typedNumber(typed.firstHours),
  firstCents: typedCents(typed.firstCents),
  succeedingCents: typedCents(typed.succeedingCents),
  dailyCapCents: isBlank(typed.dailyCapCents) ? undefined : typedCents(typed.dailyCapCents),
});

/** The card the typed values make, for the request (and the live example) to judge. */
export function cardOfTyped(typed: RateCardFormValues) {
  const { car, motorcycle } = typed.classes;
  return {
    graceMinutes: typedNumber(typed.graceMinutes),
    lostTicketCents: typedCents(typed.lostTicketCents),
    overnight: isBlank(typed.overnight.cents)
      ? undefined
      : { cents: typedCents(typed.overnight.cents), from: typed.overnight.from, until: typed.overnight.until },
    classes: {
      car: classOf(car),
      motorcycle: Object.values(motorcycle).every(isBlank) ? undefined : classOf(motorcycle),
    },
  };
}

const pesosText = (cents: number | undefined) => (cents === undefined ? '' : String(cents / 100));
const typedClassOf = (rate: RateCard['classes']['car'] | undefined): TypedClass => ({
  firstHours: rate ? String(rate.firstHours) : '',
  firstCents: pesosText(rate?.firstCents),
  succeedingCents: pesosText(rate?.succeedingCents),
  dailyCapCents: pesosText(rate?.dailyCapCents),
});

/** The form's first values: the lot's card, or a blank one with the usual 15-minute grace and a midnight-to-5 AM night. */
export const rateCardFormValues = (card: RateCard | null): RateCardFormValues => ({
  graceMinutes: String(card?.graceMinutes ?? 15),
  lostTicketCents: pesosText(card?.lostTicketCents),
  overnight: {
    cents: pesosText(card?.overnight?.cents),
    from: card?.overnight?.from ?? '00:00',
    until: card?.overnight?.until ?? '05:00',
  },
  classes: { car: typedClassOf(card?.classes.car), motorcycle: typedClassOf(card?.classes.motorcycle) },
});
