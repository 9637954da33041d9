import { DEFAULT_PLATFORM_SETTINGS } from '../../core/platform-settings';
import { eq, inArray, sql } from 'drizzle-orm';
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { manilaDate } from '../../core/time';
import { newId } from '../db/ids';
import {
  auditLogs,
  charges,
  checkins,
  lots,
  notifications,
  ownerStatements,
  platformSettings,
  reservations,
  walletTransactions,
} from '../db/schema';
import { cancelBooking, driver, extendBooking, HOUR, makeLot, reserve } from '../test/booking-fixtures';
import { call, cookieFor, db, seedOnce, signedInAccount } from '../test/helpers';
import { recordingQueue } from '../test/mailbox';
import { freezeClosedMonths, ownerStatement, payoutsOverview, recordPayout } from './statements.service';

let admin = '';
beforeAll(async () => {
  await seedOnce();
  admin = await cookieFor('super_admin');
});

/** An owner of their own with `count` lots (each a test lot of two slots at ₱40/h). */
async function ownerWithLots(count: number) {
  const owner = await signedInAccount('owner_admin');
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = await makeLot(2);
    await db().update(lots).set({ ownerId: owner.user.id }).where(eq(lots.id, id));
    ids.push(id);
  }
  return { ...owner, lotIds: ids };
}

type Statement = Awaited<ReturnType<typeof ownerStatement>>;
const statementOf = async (cookie: string, month: string) => {
  const res = await call(`/api/owner/statements?month=${month}`, { cookie });
  expect(res.status).toBe(200);
  return res.json<Statement>();
};

const setCommission = (basisPoints: number) =>
  db()
    .insert(platformSettings)
    .values({
      id: 1,
      ...DEFAULT_PLATFORM_SETTINGS,
      commissionBasisPoints: basisPoints,
      updatedAt: new Date().toISOString(),
    })
    .onConflictDoUpdate({ target: platformSettings.id, set: { commissionBasisPoints: basisPoints } });

/** A paid booking of a past month at a lot, written as the booking would write it: the reservation and its charge. */
async function pastBooking(lotId: string, userId: string, at: string, cents: number) {
  const id = newId();
  await db()
    .insert(reservations)
    .values({
      id,
      userId,
      lotId,
      status: 'COMPLETED',
      startTs: at,
      endTs: new Date(Date.parse(at) + HOUR).toISOString(),
      amountCents: cents,
    });
  await db().insert(charges).values({ id: newId(), reservationId: id, kind: 'BOOKING', amountCents: cents, createdAt: at });
  return id;
}

describe('an owner’s statement', () => {
  it('reconciles the month so far with the wallet ledger and the charges, lot by lot', async () => {
    await setCommission(0);
    const owner = await ownerWithLots(2);
    const [first, second] = owner.lotIds;
    const { cookie } = await driver(2_000);
    const kept = await (await reserve(cookie, { lotId: first, start: new Date(Date.now() + 3 * HOUR).toISOString() })).json<{
      id: string;
    }>();
    expect((await extendBooking(cookie, kept.id, 1)).status).toBe(200);
    const dropped = await (await reserve(cookie, { lotId: second, start: new Date(Date.now() + 5 * HOUR).toISOString() })).json<{
      id: string;
    }>();
    expect((await cancelBooking(cookie, dropped.id)).status).toBe(200);
    // A drive-in at the first lot paid ₱120 in cash at the exit.
    const entry = new Date(Date.now() - 2 * HOUR).toISOString();
    await db().insert(checkins).values({
      id: newId(),
      lotId: first,
      plate: 'CSH 100',
      walkIn: true,
      entryTs: entry,
      exitTs: new Date().toISOString(),
      amountCents: 12_000,
      paidBy: 'cash',
    });

    const month = manilaDate(new Date()).slice(0, 7);
    const statement = await statementOf(owner.cookie, month);
    expect(statement.status).toBe('open');
    for (const lotId of owner.lotIds) {
      const line = statement.lots.find((l) => l.lotId === lotId)!;
      // What the driver's wallet paid for this lot's reservations (payments less refunds) …
      const [ledger] = await db()
        .select({ cents: sql<number>`coalesce(-sum(${walletTransactions.amountCents}), 0)` })
        .from(walletTransactions)
        .innerJoin(reservations, eq(reservations.id, walletTransactions.reservationId))
        .where(eq(reservations.lotId, lotId));
      // … equals the lot's wallet charges, and the statement's collected money.
      const [charged] = await db()
        .select({ cents: sql<number>`coalesce(sum(${charges.amountCents}), 0)` })
        .from(charges)
        .where(sql`${charges.lotId} = ${lotId} AND ${charges.method} = 'wallet'`);
      expect(line.collectedCents).toBe(ledger.cents);
      expect(line.collectedCents).toBe(charged.cents);
      expect(line.payableCents).toBe(line.collectedCents);
    }
    const firstLine = statement.lots.find((l) => l.lotId === first)!;
    expect(firstLine.bookingsCents).toBe(8_000);
    expect(firstLine.extensionsCents).toBe(4_000);
    expect(firstLine.cashCents).toBe(12_000);
    const secondLine = statement.lots.find((l) => l.lotId === second)!;
    expect(secondLine).toMatchObject({ bookingsCents: 8_000, refundsCents: -8_000, collectedCents: 0 });
    expect(statement.total).toMatchObject({ collectedCents: 12_000, cashCents: 12_000, owedCents: 12_000, adjustmentsCents: 0 });
  });

  it('freezes a closed month at the commission then in force; later money of that month is the next statement’s adjustment', async () => {
    const owner = await ownerWithLots(1);
    const [lotId] = owner.lotIds;
    const { user } = await driver(0);
    await setCommission(500);
    await pastBooking(lotId, user.id, '2026-09-10T02:00:00.000Z', 100_000);
    await pastBooking(lotId, user.id, '2026-09-30T15:59:59.000Z', 20_000);
    // 2026-09-30T16:00Z is already 1 October in Manila.
    await pastBooking(lotId, user.id, '2026-09-30T16:00:00.000Z', 50_000);

    const september = await ownerStatement(db(), owner.user.id, '2026-09', new Date('2026-10-02T00:00:00Z'));
    expect(september.status).toBe('closed');
    expect(september.total).toMatchObject({ collectedCents: 120_000, commissionCents: 6_000, payableCents: 114_000, adjustmentsCents: 0 });
    expect(september.commissionBasisPoints).toBe(500);

    // The rate changes, and a refund of a September stay is written dated in September (an import).
    await setCommission(1_000);
    const [stay] = await db().select({ id: reservations.id }).from(reservations).where(eq(reservations.lotId, lotId)).limit(1);
    await db()
      .insert(charges)
      .values({ id: newId(), reservationId: stay.id, kind: 'REFUND', amountCents: -10_000, createdAt: '2026-09-20T00:00:00.000Z' });

    const again = await ownerStatement(db(), owner.user.id, '2026-09', new Date('2026-11-02T00:00:00Z'));
    expect(again.total).toEqual(september.total);
    const october = await ownerStatement(db(), owner.user.id, '2026-10', new Date('2026-11-02T00:00:00Z'));
    // October: ₱500 at 10%; the September refund of ₱100 less its 5% commission comes off.
    expect(october.total).toMatchObject({
      collectedCents: 50_000,
      commissionCents: 5_000,
      payableCents: 45_000,
      adjustmentsCents: -9_500,
      owedCents: 35_500,
    });
    // Asking for a month not begun is refused, and freezes nothing of the month running.
    await expect(ownerStatement(db(), owner.user.id, '2026-12', new Date('2026-11-10T00:00:00Z'))).rejects.toThrow('has not begun');
    const [frozenNovember] = await db()
      .select()
      .from(ownerStatements)
      .where(sql`${ownerStatements.lotId} = ${lotId} AND ${ownerStatements.month} = '2026-11'`);
    expect(frozenNovember).toBeUndefined();
    const november = await ownerStatement(db(), owner.user.id, '2026-11', new Date('2026-11-10T00:00:00Z'));
    expect(november).toMatchObject({ status: 'open', total: { collectedCents: 0, adjustmentsCents: 0 } });
    await setCommission(0);
  });
});

describe('a month below zero', () => {
  it('carries what the owner owes the platform into the months after, never writing it off', async () => {
    const owner = await ownerWithLots(1);
    const [lotId] = owner.lotIds;
    const { user } = await driver(0);
    const superAdmin = (await signedInAccount('super_admin')).user;
    // June: a ₱100 booking, ₱90 paid out. July: that booking refunded in full. August: ₱30 of bookings.
    const stay = await pastBooking(lotId, user.id, '2026-06-10T02:00:00.000Z', 10_000);
    const july = new Date('2026-07-05T00:00:00Z');
    await recordPayout(
      { env, db: db() },
      superAdmin,
      { ownerId: owner.user.id, month: '2026-06', amountCents: 9_000, paidOn: '2026-07-03', reference: 'BDO-0601' },
      july,
    );
    await db()
      .insert(charges)
      .values({ id: newId(), reservationId: stay, kind: 'REFUND', amountCents: -10_000, createdAt: '2026-07-15T00:00:00.000Z' });
    await pastBooking(lotId, user.id, '2026-08-10T02:00:00.000Z', 3_000);

    const later = new Date('2026-09-02T00:00:00Z');
    expect(await ownerStatement(db(), owner.user.id, '2026-06', later)).toMatchObject({
      status: 'closed',
      total: { owedCents: 10_000 },
      paidCents: 9_000,
    });
    expect(await ownerStatement(db(), owner.user.id, '2026-07', later)).toMatchObject({
      status: 'carried',
      total: { owedCents: -10_000, carriedCents: 0 },
    });
    // August owes ₱30 less the ₱100 July left: still ₱70 below zero, carried on; nothing can be paid for it.
    expect(await ownerStatement(db(), owner.user.id, '2026-08', later)).toMatchObject({
      status: 'carried',
      total: { owedCents: -7_000, carriedCents: -10_000 },
    });
    await expect(
      recordPayout(
        { env, db: db() },
        superAdmin,
        { ownerId: owner.user.id, month: '2026-08', amountCents: 100, paidOn: '2026-09-01', reference: 'BDO-0801' },
        later,
      ),
    ).rejects.toThrow('Only ₱0.00 is due');
    const overview = await payoutsOverview(db(), '2026-08', later);
    expect(overview.owners.find((row) => row.ownerId === owner.user.id)).toMatchObject({
      owedCents: -7_000,
      dueCents: 0,
      status: 'carried',
    });
  });
});

describe('the daily Cron', () => {
  it('freezes the month that just closed, with what it held that night', async () => {
    const owner = await ownerWithLots(1);
    const { user } = await driver(0);
    await pastBooking(owner.lotIds[0], user.id, '2026-08-20T03:00:00.000Z', 25_000);
    const emailQueue = recordingQueue(env.EMAIL_QUEUE);
    await freezeClosedMonths({ env: { ...env, EMAIL_QUEUE: emailQueue.queue }, db: db() }, new Date('2026-08-31T16:05:00.000Z'));
    const [row] = await db()
      .select()
      .from(ownerStatements)
      .where(sql`${ownerStatements.lotId} = ${owner.lotIds[0]} AND ${ownerStatements.month} = '2026-08'`);
    expect(row).toMatchObject({
      ownerId: owner.user.id,
      collectedCents: 25_000,
      payableCents: 25_000,
      adjustmentsCents: 0,
      frozenAt: '2026-08-31T16:05:00.000Z',
    });
    // The 1st of September in Manila: the owner hears August's statement is ready, in the app and by e-mail.
    expect(await db().select().from(notifications).where(eq(notifications.userId, owner.user.id))).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: 'Statement ready' })]),
    );
    expect(emailQueue.jobs.filter((job) => job.userId === owner.user.id)).toMatchObject([
      { noticeId: `email:statement-ready:${owner.user.id}:2026-08`, request: { kind: 'notice', title: 'Statement ready' } },
    ]);
  });
});

describe('payouts', () => {
  it('pays an owner for a closed month, audited, never more than is due, and the owner sees it paid', async () => {
    const owner = await ownerWithLots(1);
    const { user } = await driver(0);
    await pastBooking(owner.lotIds[0], user.id, '2026-09-12T03:00:00.000Z', 30_000);
    const pay = (json: object) => call('/api/admin/payouts', { method: 'POST', cookie: admin, json });
    const base = { ownerId: owner.user.id, month: '2026-09', paidOn: '2026-10-05', reference: 'BDO-778812' };

    const due = await (await call('/api/admin/payouts?month=2026-09', { cookie: admin })).json<{
      owners: { ownerId: string; owedCents: number; dueCents: number; status: string }[];
    }>();
    expect(due.owners.find((o) => o.ownerId === owner.user.id)).toMatchObject({ owedCents: 30_000, dueCents: 30_000, status: 'closed' });

    for (const [json, status, message] of [
      [{ ...base, amountCents: 30_001 }, 409, 'Only ₱300.00 is due'],
      [{ ...base, month: manilaDate(new Date()).slice(0, 7), amountCents: 100 }, 409, 'is still open'],
      [{ ...base, amountCents: 0 }, 400, 'more than zero'],
      [{ ...base, reference: ' x ', amountCents: 100 }, 400, 'at least 4 characters'],
      [{ ...base, paidOn: '2026-09-30', amountCents: 100 }, 400, 'between the end of 2026-09 and today'],
      [{ ...base, ownerId: newId(), amountCents: 100 }, 404, 'No owner'],
      [{ ...base, amountCents: 100, extra: true }, 400, ''],
    ] as const) {
      const res = await pay(json);
      expect(res.status, JSON.stringify(json)).toBe(status);
      expect((await res.json<{ message: string }>()).message).toContain(message);
    }
    expect((await statementOf(owner.cookie, '2026-09')).payouts).toEqual([]);

    // Two admins paying the whole balance at once: one payout stands.
    const both = await Promise.all([pay({ ...base, amountCents: 30_000 }), pay({ ...base, amountCents: 30_000, reference: 'GCASH-1002' })]);
    expect(both.map((res) => res.status).sort()).toEqual([201, 409]);
    const statement = await statementOf(owner.cookie, '2026-09');
    expect(statement).toMatchObject({ status: 'paid', paidCents: 30_000 });
    expect(statement.payouts).toHaveLength(1);
    const audits = await db()
      .select()
      .from(auditLogs)
      .where(inArray(auditLogs.action, ['RECORD_PAYOUT']));
    expect(audits.filter((entry) => entry.subject === `user:${owner.user.id}`)).toHaveLength(1);
    expect(JSON.parse(audits.find((entry) => entry.subject === `user:${owner.user.id}`)!.contextJson)).toMatchObject({
      month: '2026-09',
      amountCents: 30_000,
    });
    expect((await pay({ ...base, amountCents: 1 })).status).toBe(409);
  });
});
