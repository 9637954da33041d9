import { z } from 'zod';

/**
 * The body of every refusal the API answers (worker/http/errors.ts): a message to show, the issues of
 * a 400 (one per field, `path` dotted, empty when the problem is not a field's), and the refusal's own
 * fields beside them (say, how much to top up). One schema, referenced by every operation's refusals.
 */
export const refusalAnswer = z
  .looseObject({
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Refusal' });
