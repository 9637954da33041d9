/** The answers of worker/receipts/ (docs/receipts.md). */
import { z } from 'zod';
import { MONEY_KINDS, RESERVATION_STATUSES } from '../booking';
import { RECEIPT_KINDS } from '../receipts';
import { cents, count, instant, pageOf } from './shared';

const numbered = z.looseObject({ id: z.string(), number: z.string() });

const receiptFields = {
  id: z.string(),
  kind: z.enum(RECEIPT_KINDS),
  number: z.string(),
  reservationId: z.string().nullable(),
  monthlyPassId: z.string().nullable(),
  amountCents: cents,
  vatCents: cents,
  currency: z.literal('PHP'),
  createdAt: instant,
  status: z.enum(RESERVATION_STATUSES).nullable(),
  startTs: instant,
  endTs: instant,
  vehiclePlate: z.string().nullable(),
  lot: z.looseObject({ name: z.string(), address: z.string().nullable() }),
  replaces: numbered.nullable(),
  voidedBy: numbered.nullable(),
};

export const receiptPageAnswer = pageOf(z.looseObject(receiptFields)).meta({ id: 'ReceiptPage' });

export const receiptCountsAnswer = z.looseObject({ total: count }).meta({ id: 'ReceiptCounts' });

/** One receipt with its lines (each charge and refund) and the validations that lowered it. */
export const receiptAnswer = z
  .looseObject({
    ...receiptFields,
    netOfVatCents: cents,
    paymentMethod: z.string(),
    paymentReference: z.string().nullable(),
    lines: z.array(z.looseObject({ id: z.string(), kind: z.enum(MONEY_KINDS), amountCents: cents, createdAt: instant, label: z.string() })),
    validations: z.array(z.looseObject({ id: z.string(), merchantName: z.string(), label: z.string(), valueCents: cents })),
  })
  .meta({ id: 'Receipt' });
