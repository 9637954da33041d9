import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../../core/paging';
import { decodeCursor } from '../db/pages';

export const CURSOR_MESSAGE = 'cursor is not one this list gave out; start again from the first page.';
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`;

/**
 * `?limit=&cursor=` of every paged list. A limit above the maximum is refused rather than clamped, so
 * a client never mistakes a shorter page for the end of the list; a cursor the API did not give out is a 400.
 */
export const pageQueryOf = (pageSize: number) =>
  z.object({
    limit: z.coerce
      .number({ error: LIMIT_MESSAGE })
      .int(LIMIT_MESSAGE)
      .min(1, LIMIT_MESSAGE)
      .max(MAX_PAGE_SIZE, LIMIT_MESSAGE)
      .default(pageSize),
    cursor: z
      .string()
      .transform((raw, ctx) => {
        const cursor = decodeCursor(raw);
        if (!cursor) ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
        return cursor ?? z.NEVER;
      })
      .optional(),
  });

export const pageQuery = pageQueryOf(PAGE_SIZE);
