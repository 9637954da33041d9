/** The answers of worker/gate/ beyond a stay itself (core/api-answers.ts). */
import { z } from 'zod';
import { GATE_PAYMENT_METHODS } from '../wallet';
import { cents, count, instant } from './shared';

export const attendedLotsAnswer = z
  .array(z.looseObject({ id: z.string(), name: z.string(), address: z.string().nullable(), totalSlots: count }))
  .meta({ id: 'AttendedLots' });

/** An attendant's shift at a lot, with what it collected. */
export const shiftAnswer = z
  .looseObject({
    id: z.string(),
    lotId: z.string(),
    startTime: instant,
    endTime: instant.nullable(),
    checkins: count,
    checkouts: count,
    passEntries: count,
    collected: cents,
    collectedCash: cents,
    collectedWallet: cents,
    issues: count,
  })
  .meta({ id: 'Shift' });

export const gateActivityAnswer = z
  .array(
    z.looseObject({
      id: z.string(),
      type: z.enum(['checkin', 'checkout', 'issue']),
      plate: z.string().nullable(),
      slot: z.string().nullable(),
      time: instant,
      amount: cents.nullable(),
      paidBy: z.enum(GATE_PAYMENT_METHODS).nullable(),
      refundedCents: cents,
      checkinId: z.string().nullable(),
      receiptId: z.string().nullable(),
      undoable: z.boolean(),
    }),
  )
  .meta({ id: 'GateActivity' });

export const gateLotStatusAnswer = z
  .looseObject({
    lotId: z.string(),
    name: z.string(),
    occupancy: z.looseObject({ current: count, free: count, total: count, percentage: z.number() }),
    waitingQueue: count,
    arrivingWithinMinutes: z.number(),
    alerts: z.array(z.looseObject({ type: z.enum(['warning', 'info']), message: z.string() })),
    stats: z.looseObject({}),
  })
  .meta({ id: 'GateLotStatus' });

export const gateIssueAnswer = z
  .looseObject({ id: z.string(), text: z.string(), time: instant, resolved: z.boolean() })
  .meta({ id: 'GateIssue' });

/** What the gate knows of a plate at a lot now: inside, booked, or on a monthly pass. */
export const plateAtLotAnswer = z
  .looseObject({
    plate: z.string(),
    inside: z.looseObject({ checkinId: z.string(), entryTs: instant, slot: z.string().nullable() }).nullable(),
    reservation: z.looseObject({ id: z.string(), startTs: instant, endTs: instant, slot: z.string().nullable() }).nullable(),
    monthlyPass: z.looseObject({ id: z.string(), hours: z.string(), validNow: z.boolean() }).nullable(),
  })
  .meta({ id: 'PlateAtLot' });

export const gateRefundAnswer = z
  .looseObject({
    id: z.string(),
    checkinId: z.string(),
    amountCents: cents,
    method: z.enum(GATE_PAYMENT_METHODS),
    refundedCents: cents.describe("All refunded of the stay's charge so far."),
  })
  .meta({ id: 'GateRefund' });

export const revokedPassesAnswer = z.looseObject({ reservationIds: z.array(z.string()) }).meta({ id: 'RevokedPasses' });
