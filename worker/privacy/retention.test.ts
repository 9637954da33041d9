/** The retention periods applied by the daily Cron, against the real D1 and R2, at an injected `now`. */
import { env } from 'cloudflare:test';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPLAY_KEY_DAYS } from '../../core/scale';
import { DAY_MS } from '../../core/time';
import { newId } from '../db/ids';
import {
  auditLogs,
  checkins,
  earlyRegistrations,
  emailDeliveries,
  idempotencyKeys,
  lotIssues,
  lots,
  ownerApplicationDocuments,
  ownerApplications,
  reservations,
  sessions,
} from '../db/schema';
import { findDocument, listDocuments } from '../documents/documents.data';
import { findUserByEmail } from '../users/users.data';
import { driver, makeLot, reservationRow } from '../test/booking-fixtures';
import { fullPlatesInD1, fullPlatesInLots } from '../test/full-plates';
import { atTheGate, countWhere, gateEnter, gateExit, reservedCar, type Checkin } from '../test/gate-fixtures';
import { moveStays } from '../gate/stay-move.service';
import { db, seedOnce } from '../test/helpers';
import { asOwner, jpegBytes, reported, setStatus, staffedLot, uploadPhoto } from '../test/lot-issue-fixtures';
import { buy, passLot, seedPasses } from '../test/pass-fixtures';
import { applyRetention } from './retention.service';

const now = Date.parse('2026-11-27T16:05:00Z');
const ago = (days: number) => new Date(now - days * DAY_MS).toISOString();
const OLD = 400; // beyond 13 months
const RECENT = 30;

let userId = '';
let lotId = '';

beforeAll(async () => {
  await seedOnce();
  userId = (await findUserByEmail(db(), 'driver@parkada.ph'))!.id;
  [{ id: lotId }] = await db().select({ id: lots.id }).from(lots).limit(1);
});

const signIn = async (daysAgo: number) => {
  const id = newId();
  await db()
    .insert(sessions)
    .values({ id, userId, createdAt: ago(daysAgo) });
  return id;
};

const registration = async (daysAgo: number) => {
  const id = newId();
  const email = `${id}@example.ph`;
  await db()
    .insert(earlyRegistrations)
    .values({ id, email, firstName: 'Ana', lastName: 'Reyes', mobile: '+63 917-5550000', role: 'parking_user', createdAt: ago(daysAgo) });
  return id;
};

const stay = async (plate: string, entryDaysAgo: number, exit: 'left' | 'undone' | 'inside') => {
  const id = newId();
  const ended = ago(entryDaysAgo - 0.1);
  await db()
    .insert(checkins)
    .values({
      id,
      lotId,
      plate,
      walkIn: true,
      entryTs: ago(entryDaysAgo),
      exitTs: exit === 'left' ? ended : null,
      undoneAt: exit === 'undone' ? ended : null,
    });
  return id;
};

const booking = async (plate: string, endDaysAgo: number, status: 'COMPLETED' | 'CANCELLED' | 'CONFIRMED') => {
  const id = newId();
  await db()
    .insert(reservations)
    .values({ id, userId, lotId, vehiclePlate: plate, status, startTs: ago(endDaysAgo + 0.1), endTs: ago(endDaysAgo), amountCents: 8000 });
  return id;
};

const auditEntry = async (context: Record<string, unknown>, daysAgo: number) => {
  const id = newId();
  await db()
    .insert(auditLogs)
    .values({
      id,
      actor: 'Gate',
      action: 'OVERRIDE_EXIT',
      subject: `checkin:${id}`,
      contextJson: JSON.stringify(context),
      timestamp: ago(daysAgo),
    });
  return id;
};

/** An owner application decided `daysAgo` with one document in R2. */
const applicationWithDocument = async (status: 'rejected' | 'approved' | 'pending', daysAgo: number) => {
  const applicationId = newId();
  const id = newId();
  const r2Key = `owner-applications/${applicationId}/${id}`;
  const decidedAt = status === 'pending' ? null : ago(daysAgo);
  await db()
    .insert(ownerApplications)
    .values({
      id: applicationId,
      userId,
      applicantRole: 'business_owner',
      name: 'Ana Reyes',
      email: 'ana@example.ph',
      status,
      decidedAt,
      submittedAt: ago(daysAgo + 1),
    });
  await env.DOCUMENTS.put(r2Key, 'permit');
  await db()
    .insert(ownerApplicationDocuments)
    .values({ id, applicationId, name: 'permit.pdf', contentType: 'application/pdf', size: 6, r2Key });
  return { id, applicationId, r2Key };
};

const plateOfStay = async (id: string) => (await db().select().from(checkins).where(eq(checkins.id, id)))[0].plate;
const plateOfBooking = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0].vehiclePlate;
const contextOf = async (id: string) => JSON.parse((await db().select().from(auditLogs).where(eq(auditLogs.id, id)))[0].contextJson);

describe('the retention periods of the daily Cron', () => {
  it('deletes, masks and purges only what has outlived its period, and a second run finds nothing more', async () => {
    const [oldSignIn, recentSignIn] = [await signIn(31), await signIn(29)];
    const [oldRegistration, recentRegistration] = [await registration(370), await registration(300)];
    const oldLeft = await stay('NBC 1234', OLD, 'left');
    const oldUndone = await stay('ABC 123', OLD, 'undone');
    const stillInside = await stay('XYZ 9876', OLD, 'inside');
    const recentLeft = await stay('DEF 4567', RECENT, 'left');
    const oldBooking = await booking('GHI 2345', OLD, 'COMPLETED');
    const oldCancelled = await booking('JKL 3456', OLD, 'CANCELLED');
    const recentBooking = await booking('MNO 5678', RECENT, 'COMPLETED');
    const oldAudit = await auditEntry({ lotId, plate: 'PQR 6789', reason: 'barrier stuck' }, OLD);
    const oldAuditWithoutPlate = await auditEntry({ lotId }, OLD);
    const recentAudit = await auditEntry({ lotId, plate: 'STU 7890' }, RECENT);
    const oldRejected = await applicationWithDocument('rejected', 91);
    const recentRejected = await applicationWithDocument('rejected', 89);
    const oldApproved = await applicationWithDocument('approved', 200);

    const first = await applyRetention(env, db(), now);

    const keptSignIns = await db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, [oldSignIn, recentSignIn]));
    expect(keptSignIns.map((row) => row.id)).toEqual([recentSignIn]);
    const keptRegistrations = await db()
      .select({ id: earlyRegistrations.id })
      .from(earlyRegistrations)
      .where(inArray(earlyRegistrations.id, [oldRegistration, recentRegistration]));
    expect(keptRegistrations.map((row) => row.id)).toEqual([recentRegistration]);

    expect(await plateOfStay(oldLeft)).toBe('NBC ••34');
    expect(await plateOfStay(oldUndone)).toBe('ABC •23');
    expect(await plateOfStay(stillInside)).toBe('XYZ 9876');
    expect(await plateOfStay(recentLeft)).toBe('DEF 4567');
    expect(await plateOfBooking(oldBooking)).toBe('GHI ••45');
    expect(await plateOfBooking(oldCancelled)).toBe('JKL ••56');
    expect(await plateOfBooking(recentBooking)).toBe('MNO 5678');
    expect(await contextOf(oldAudit)).toEqual({ lotId, plate: 'PQR ••89', reason: 'barrier stuck' });
    expect(await contextOf(oldAuditWithoutPlate)).toEqual({ lotId });
    expect(await contextOf(recentAudit)).toEqual({ lotId, plate: 'STU 7890' });

    expect(await env.DOCUMENTS.head(oldRejected.r2Key)).toBeNull();
    expect(await env.DOCUMENTS.head(recentRejected.r2Key)).not.toBeNull();
    expect(await env.DOCUMENTS.head(oldApproved.r2Key)).not.toBeNull();
    const docs = await db()
      .select({ id: ownerApplicationDocuments.id, purgedAt: ownerApplicationDocuments.purgedAt })
      .from(ownerApplicationDocuments)
      .where(inArray(ownerApplicationDocuments.id, [oldRejected.id, recentRejected.id]));
    expect(Object.fromEntries(docs.map((doc) => [doc.id, doc.purgedAt]))).toEqual({
      [oldRejected.id]: new Date(now).toISOString(),
      [recentRejected.id]: null,
    });

    expect(first.documents).toBe(1);
    // The purged document is no longer offered to the applicant or the super admin.
    expect(await listDocuments(db(), [oldRejected.applicationId])).toEqual([]);
    expect(await findDocument(db(), oldRejected.applicationId, oldRejected.id)).toBeNull();
    expect(await listDocuments(db(), [recentRejected.applicationId])).toHaveLength(1);
    const again = await applyRetention(env, db(), now);
    expect(again).toEqual({
      signIns: 0,
      earlyRegistrations: 0,
      plates: {
        'check-ins': 0,
        'camera reads': 0,
        reservations: 0,
        'monthly passes': 0,
        'audit entries': 0,
        'booked plates in audit entries': 0,
        'stays moved into the lots': 0,
        'archived booking periods': 0,
      },
      notifications: 0,
      emailDeliveries: 0,
      replayKeys: 0,
      documents: 0,
      issuePhotos: 0,
      answeredSupportRequests: 0,
    });
  });
});

describe('the replay keys', () => {
  it('answer replays for REPLAY_KEY_DAYS, then leave D1: a row per booking and gate step does not stay forever', async () => {
    const key = async (daysAgo: number) => {
      const row = { userId, key: newId(), scope: 'test', requestHash: 'h', resourceId: newId(), createdAt: ago(daysAgo) };
      await db().insert(idempotencyKeys).values(row);
      return row.key;
    };
    const [old, recent] = [await key(REPLAY_KEY_DAYS + 0.1), await key(REPLAY_KEY_DAYS - 0.1)];

    expect((await applyRetention(env, db(), now)).replayKeys).toBe(1);

    const kept = await db()
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(inArray(idempotencyKeys.key, [old, recent]));
    expect(kept.map((row) => row.key)).toEqual([recent]);
  });
});

describe('the e-mails’ delivery claims', () => {
  it('are deleted 13 months after the e-mail was claimed, as the notices are: a row per receipt e-mailed does not stay forever', async () => {
    const claim = async (daysAgo: number) => {
      const row = { noticeId: `email:receipt:${newId()}`, userId, kind: 'receipt', claimedAt: ago(daysAgo) };
      await db().insert(emailDeliveries).values(row);
      return row.noticeId;
    };
    const [old, recent] = [await claim(400), await claim(390)];

    expect((await applyRetention(env, db(), now)).emailDeliveries).toBe(1);

    const kept = await db()
      .select({ noticeId: emailDeliveries.noticeId })
      .from(emailDeliveries)
      .where(inArray(emailDeliveries.noticeId, [old, recent]));
    expect(kept.map((row) => row.noticeId)).toEqual([recent]);
  });
});

describe('the plates of stays past the period, wherever they were written', () => {
  it('are left in full nowhere in D1 nor in any lot object: the camera reads, audits and passes are masked, the notices deleted', async () => {
    const { owner } = await atTheGate();
    await seedPasses();
    const lotId = await makeLot(3);
    const enterAndLeave = async (entry: Record<string, unknown>) => {
      const { id } = await (await gateEnter(owner, { lotId, ...entry })).json<Checkin>();
      const left = await gateExit(owner, id, { lotId, plate: entry.plate });
      expect(left.status, await left.clone().text()).toBe(200);
    };
    // A booked car the camera read as it was, and another car let in on someone else's booking, its read corrected.
    const read = await reservedCar(lotId, { plate: 'RTA 1111' });
    await enterAndLeave({ plate: 'RTA 1111', passToken: read.token, plateRead: { text: 'RTA 1111', confidence: 0.95, corrected: false } });
    const lent = await reservedCar(lotId, { plate: 'RTB 2222' });
    await enterAndLeave({
      plate: 'RTC 3333',
      reservationId: lent.booking.id,
      action: 'override',
      overrideReason: 'customer_service',
      plateRead: { text: 'RTC 3388', confidence: 0.6, corrected: true },
    });
    // A monthly pass: its sale in the wallet's ledger, its notice.
    const { product } = await passLot();
    const buyer = await driver(5_000);
    const bought = await buy(buyer.cookie, { productId: product.id, plate: 'RTD 4444' });
    expect(bought.status, await bought.clone().text()).toBe(201);

    // Fifteen months on, every stay, booking and pass above ended more than 13 months before; the stays
    // moved into the lot's object long since.
    const later = Date.now() + 15 * 31 * DAY_MS;
    expect(await moveStays(env, db(), lotId, later)).toBe('done');
    expect(await countWhere(lotId)).toBe(0);
    await applyRetention(env, db(), later);

    const plates = ['RTA 1111', 'RTB 2222', 'RTC 3333', 'RTC 3388', 'RTD 4444'];
    expect(await fullPlatesInD1(plates)).toEqual([]);
    const inLots = await fullPlatesInLots(plates);
    expect(inLots.found).toEqual([]);
    expect(inLots.objects).toBeGreaterThan(0);
    expect((await reservationRow(read.booking.id)).vehiclePlate).toBe('RTA ••11');
  });
});

describe('the photos of driver reports', () => {
  it('are deleted from R2 90 days after their report was resolved; an open report keeps its photo', async () => {
    const owner = await asOwner();
    const { lotId, attendant } = await staffedLot(owner);
    const { cookie } = await driver(0);
    const withPhoto = async () => {
      const issue = await reported(cookie, lotId);
      expect((await uploadPhoto(cookie, issue.id, jpegBytes())).status).toBe(201);
      return issue.id;
    };
    const [resolved, open] = [await withPhoto(), await withPhoto()];
    expect((await setStatus(attendant, resolved, 'resolved')).status).toBe(200);
    // Read from D1: the retention run, 90 days on, also ended these sessions' sign-in records.
    const photoOf = async (id: string) =>
      (
        await db()
          .select({ key: lotIssues.photoKey, type: lotIssues.photoType, size: lotIssues.photoSize })
          .from(lotIssues)
          .where(eq(lotIssues.id, id))
      )[0];
    const stored = async () => (await env.ISSUE_PHOTOS.list({ prefix: `lot-issues/${lotId}/` })).objects.length;

    expect((await applyRetention(env, db(), Date.now() + 89 * DAY_MS)).issuePhotos).toBe(0);
    expect(await stored()).toBe(2);

    expect((await applyRetention(env, db(), Date.now() + 91 * DAY_MS)).issuePhotos).toBe(1);
    expect(await stored()).toBe(1);
    expect(await photoOf(resolved)).toEqual({ key: null, type: null, size: null });
    expect((await photoOf(open)).key).not.toBeNull();
    expect((await applyRetention(env, db(), Date.now() + 91 * DAY_MS)).issuePhotos).toBe(0);
  });
});
