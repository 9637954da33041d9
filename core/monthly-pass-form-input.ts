/**
 * The owner's new-pass form as it is filled in: the price in pesos and the count as typed, 24/7 or
 * the days ticked and the clock times. It becomes the request and is checked by `passProductSchema`,
 * so the form shows the request's own messages (`name`, `priceCents`, `quantity`, `schedule`).
 */
import { z } from 'zod';
import { typedNumber } from './form-input';
import { pesosToCents } from './money';
import { ALWAYS_VALID, WEEKDAYS_MASK } from './monthly-passes';
import { passProductSchema } from './monthly-pass-request';

const typedPass = z.object({
  name: z.string(),
  priceCents: z.string(),
  quantity: z.string(),
  always: z.boolean(),
  /** The days ticked, as their numbers (0 is Sunday). */
  days: z.array(z.string()),
  open: z.string(),
  close: z.string(),
});
export type PassProductFormValues = z.input<typeof typedPass>;

const days = (mask: number) => [0, 1, 2, 3, 4, 5, 6].filter((day) => (mask & (1 << day)) !== 0).map(String);
export const passProductFormValues: PassProductFormValues = {
  name: '',
  priceCents: '3000',
  quantity: '1',
  always: true,
  days: days(WEEKDAYS_MASK),
  open: '07:00',
  close: '20:00',
};

const minuteOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

export const passProductFormSchema = typedPass
  .transform(
    ({ name, priceCents, quantity, always, ...hours }): z.input<typeof passProductSchema> => ({
      name,
      priceCents: pesosToCents(priceCents),
      quantity: typedNumber(quantity),
      schedule: always
        ? ALWAYS_VALID
        : {
            daysMask: hours.days.reduce((mask, day) => mask | (1 << Number(day)), 0),
            openMinute: minuteOf(hours.open),
            // Midnight closes at the day's end.
            closeMinute: hours.close === '00:00' ? 1440 : minuteOf(hours.close),
          },
    }),
  )
  .pipe(passProductSchema);
