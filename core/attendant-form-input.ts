/** The owner's add-attendant form: names left blank are not sent, and `attendantAddSchema` judges the rest. */
import { z } from 'zod';
import { attendantAddSchema } from './lot-attendants';

const typedAttendant = z.object({ email: z.string(), firstName: z.string(), lastName: z.string() });
export type AttendantFormValues = z.input<typeof typedAttendant>;
export const attendantFormValues: AttendantFormValues = { email: '', firstName: '', lastName: '' };

export const attendantFormSchema = typedAttendant
  .transform(
    ({ email, firstName, lastName }): z.input<typeof attendantAddSchema> => ({
      email,
      firstName: firstName || undefined,
      lastName: lastName || undefined,
    }),
  )
  .pipe(attendantAddSchema);
