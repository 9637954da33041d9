/** The answers of worker/api-keys/ (docs/api.md, Keys); the one-time answer is in core/api-answers.ts. */
import { z } from 'zod';
import { API_SCOPES } from '../api-scopes';
import { instant } from './shared';

/** A key as its list shows it: never the key itself, only the start that tells keys apart. */
export const apiKeysAnswer = z
  .array(
    z.looseObject({
      id: z.string(),
      name: z.string(),
      scopes: z.array(z.enum(API_SCOPES)),
      visiblePrefix: z.string(),
      createdAt: instant,
      lastUsedAt: instant.nullable(),
    }),
  )
  .meta({ id: 'ApiKeys' });
