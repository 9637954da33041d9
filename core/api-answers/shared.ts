/** The pieces every domain's answers are written with (core/api-answers.ts explains the loose objects). */
import { z } from 'zod';

export const instant = z.string().describe('An ISO 8601 instant (UTC).');
export const cents = z.number().int().describe('Centavos (PHP 1 = 100).');
export const count = z.number().int();
export const day = z.string().describe('A Manila calendar day, YYYY-MM-DD.');

/** A page of a list (docs/api.md, Pagination). */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.looseObject({
    items: z.array(item),
    nextCursor: z.string().nullable().describe('Ask with `?cursor=` for the next page; null after the last.'),
  });

/** What a decision told the person it was about (an approval, a rejection). */
export const decisionNotice = z.looseObject({ title: z.string(), message: z.string() });
