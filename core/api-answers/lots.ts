/** The answers of worker/lots/ beyond search and a lot's page (core/api-answers.ts). */
import { z } from 'zod';
import { cents, count, instant } from './shared';

const quoteLines = z.array(z.looseObject({ label: z.string(), cents }));

export const lotQuoteAnswer = z.looseObject({ totalCents: cents, vatCents: cents, lines: quoteLines }).meta({ id: 'LotQuote' });

/** The free slots over a window, and the price of that window. */
export const lotAvailabilityAnswer = z
  .looseObject({
    window: z.looseObject({ start: instant, end: instant }),
    total: count,
    free: count,
    occupied: count,
    reserved: count,
    walkIns: count,
    problem: z.string().nullable().describe('Why the window cannot be booked, or null.'),
    quote: z.looseObject({ totalCents: cents, vatCents: cents }),
  })
  .meta({ id: 'LotAvailability' });

export const lotForecastAnswer = z
  .looseObject({ weekday: z.string(), hour: z.string(), total: count, weeks: count, usuallyFree: count.nullable() })
  .meta({ id: 'LotForecast' });
