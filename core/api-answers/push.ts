/** The answer of worker/push/ (docs/notifications.md). */
import { z } from 'zod';

export const vapidPublicKeyAnswer = z
  .looseObject({ publicKey: z.string().describe("The VAPID key a browser's push subscription names.") })
  .meta({ id: 'VapidPublicKey' });
