/**
 * The gate desk's manual entry as the attendant fills it: the entry request's plate, slot and
 * vehicle, and for a check-out a merchant's validation code, judged by the validation request's
 * rule. The messages under the fields are the requests' own.
 */
import { z } from 'zod';
import { enterSchema } from './gate';
import { applyValidationSchema } from './validation-request';

export const GATE_ACTIONS = ['checkin', 'checkout', 'override'] as const;
export type GateAction = (typeof GATE_ACTIONS)[number];

export const manualEntrySchema = z
  .object({
    action: z.enum(GATE_ACTIONS),
    plate: enterSchema.shape.plate,
    slot: enterSchema.shape.slot,
    vehicleType: enterSchema.shape.vehicleType,
    validationCode: z.string(),
  })
  .transform((entry, ctx) => {
    // A code goes with a check-out only; left blank, there is none.
    const typed = entry.action === 'checkout' ? entry.validationCode.trim() : '';
    if (!typed) return { ...entry, validationCode: undefined };
    const code = applyValidationSchema.shape.code.safeParse(typed);
    if (code.success) return { ...entry, validationCode: code.data };
    for (const issue of code.error.issues)
      ctx.issues.push({ code: 'custom', message: issue.message, path: ['validationCode'], input: typed });
    return z.NEVER;
  });
export type ManualEntryValues = z.input<typeof manualEntrySchema>;
export type ManualEntry = z.output<typeof manualEntrySchema>;
