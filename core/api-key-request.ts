/** The API keys' requests (docs/api.md, Authentication and API keys): the same schema checks Settings' form. */
import { z } from 'zod';
import { API_KEY_NAME_MAX, API_SCOPES } from './api-scopes';

const NAME_NEEDED = 'Name the key, say after the system that will use it.';
const SCOPES_NEEDED = 'Choose at least one scope.';

/** POST /api/account/api-keys. */
export const apiKeySchema = z.object({
  name: z
    .string({ error: NAME_NEEDED })
    .trim()
    .min(1, NAME_NEEDED)
    .max(API_KEY_NAME_MAX, `A key's name has at most ${API_KEY_NAME_MAX} characters.`),
  scopes: z
    .array(z.enum(API_SCOPES, { error: `A scope is one of ${API_SCOPES.join(', ')}.` }), { error: SCOPES_NEEDED })
    .min(1, SCOPES_NEEDED)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope is given once.'),
});
export type ApiKeyRequest = z.output<typeof apiKeySchema>;
