/**
 * The owner's waiver as it is typed: whole Manila days, the first and the last, both waived. It
 * becomes `POST /api/owner/lots/:id/waivers` (`[from, to)` instants) and is judged by
 * `waiverRequestSchema`, whose messages show under the fields they name.
 */
import { z } from 'zod';
import { waiverRequestSchema } from './pricing-request';
import { addDays, isCalendarDate, manilaDateStart } from './time';

const day = (what: string) => z.string().refine(isCalendarDate, `Pick the ${what} day of the waiver`);

export const waiverFormSchema = z
  .object({ from: day('first'), to: day('last'), kind: z.enum(['overnight', 'all']), reason: z.string() })
  .transform((typed) => ({
    ...typed,
    from: manilaDateStart(typed.from).toISOString(),
    to: manilaDateStart(addDays(typed.to, 1)).toISOString(),
  }))
  .pipe(waiverRequestSchema);
