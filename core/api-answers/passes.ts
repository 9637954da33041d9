/** The answer of worker/passes/: the keys a gate checks passes with offline (docs/passes.md). */
import { z } from 'zod';

export const passKeysAnswer = z
  .looseObject({
    keys: z.array(
      z.looseObject({
        kty: z.literal('EC'),
        crv: z.literal('P-256'),
        x: z.string(),
        y: z.string(),
        kid: z.string(),
        alg: z.literal('ES256'),
        use: z.literal('sig'),
      }),
    ),
  })
  .meta({ id: 'PassKeys' });
