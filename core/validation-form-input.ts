/**
 * The owner's merchant forms as they are filled in: pesos and counts as typed, what a validation is
 * worth as a kind (hours free or pesos off) and a number. Each becomes its request and is checked by
 * it (`merchantSchema`, `codeBatchSchema`), so the form shows the request's own messages; the fields
 * carry the request's names where they can (`name`, `perStayCapCents`, `count`).
 */
import { z } from 'zod';
import { typedNumber } from './form-input';
import { pesosToCents } from './money';
import { addDays, manilaDate } from './time';
import { codeBatchSchema, merchantSchema } from './validation-request';

const typedWorth = z.object({ kind: z.enum(['hours', 'pesos']), value: z.string() });
export type WorthKind = z.infer<typeof typedWorth>['kind'];
/** What a kind and a number make: hours free, or centavos off. */
const worthOf = ({ kind, value }: z.infer<typeof typedWorth>) =>
  kind === 'hours' ? { hours: typedNumber(value) } : { amountCents: pesosToCents(value) };

const typedMerchant = z.object({ name: z.string(), perStayCapCents: z.string(), withLink: z.boolean(), link: typedWorth });
export type MerchantFormValues = z.input<typeof typedMerchant>;
export const merchantFormValues: MerchantFormValues = {
  name: '',
  perStayCapCents: '',
  withLink: false,
  link: { kind: 'hours', value: '1' },
};

export const merchantFormSchema = typedMerchant
  .transform(
    ({ name, perStayCapCents, withLink, link }): z.input<typeof merchantSchema> => ({
      name,
      perStayCapCents: perStayCapCents.trim() ? pesosToCents(perStayCapCents) : null,
      ...(withLink ? { link: worthOf(link) } : {}),
    }),
  )
  .pipe(merchantSchema);

const typedBatch = typedWorth.extend({ count: z.string(), expires: z.string() });
export type CodeBatchFormValues = z.input<typeof typedBatch>;
/** A new batch: a dozen codes worth two hours, valid for 30 days from today in Manila. */
export const codeBatchFormValues = (now: number): CodeBatchFormValues => ({
  count: '12',
  kind: 'hours',
  value: '2',
  expires: addDays(manilaDate(now), 30),
});

export const codeBatchFormSchema = typedBatch
  .transform(
    ({ count, expires, ...worth }): z.input<typeof codeBatchSchema> => ({
      count: typedNumber(count),
      ...worthOf(worth),
      expiresAt: `${expires}T23:59:59+08:00`,
    }),
  )
  .pipe(codeBatchSchema);
