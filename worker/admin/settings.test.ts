/**
 * Platform settings: the admin reads and changes them (bounded, audited in the same batch), and the
 * refund, change, no-show and top-up rules follow the stored values at once.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILES } from '../../core/map-tiles';
import { DEFAULT_PLATFORM_SETTINGS, type PlatformSettings } from '../../core/platform-settings';
import { auditLogs, notifications, platformSettings, reservations } from '../db/schema';
import type { LotDurableObject } from '../lot-object/lot-durable-object';
import { lotObject } from '../lot-object/stub';
import { saveSettingsStatement } from '../platform/settings.data';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import { commit } from '../db/client';
import { balanceOf, cancelBooking, driver, inMinutes, makeLot, MINUTE, modifyBooking, reserve } from '../test/booking-fixtures';
import { call, cookieFor, db, seedOnce } from '../test/helpers';
import { runLotTimers } from '../test/lot-timers';

type SettingsAnswer = {
  settings: PlatformSettings;
  defaults: PlatformSettings;
  updatedAt: string | null;
  updatedBy: string | null;
  secondFactorRequired?: boolean;
};

let admin = '';
beforeAll(async () => {
  await seedOnce();
  admin = await cookieFor('super_admin');
});
// Each test starts from the defaults (the table is not append-only: a setting is a current value).
beforeEach(async () => {
  await db().delete(platformSettings);
});

const change = (json: unknown, cookie = admin) => call('/api/admin/settings', { method: 'PATCH', cookie, json });
const settingsAudit = () => db().select().from(auditLogs).where(eq(auditLogs.action, 'UPDATE_SETTINGS'));
const topUp = (cookie: string, amountCents: number) =>
  call('/api/wallet/topup', {
    method: 'POST',
    cookie,
    json: { amountCents, method: 'gcash' },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });

describe('GET and PATCH /api/admin/settings', () => {
  it('answers the defaults until an admin changes one', async () => {
    const res = await call('/api/admin/settings', { cookie: admin });
    expect(res.status).toBe(200);
    expect(await res.json<SettingsAnswer>()).toEqual({
      settings: DEFAULT_PLATFORM_SETTINGS,
      defaults: DEFAULT_PLATFORM_SETTINGS,
      updatedAt: null,
      updatedBy: null,
      // Off in development (the tests' APP_ENV) until a super admin chooses (docs/account.md, Second factor).
      secondFactorRequired: false,
    });
    expect(DEFAULT_PLATFORM_SETTINGS).toEqual({
      freeCancelMinutes: 15,
      noShowGraceMinutes: 15,
      topupMaxCents: 2_000_000,
      dailyTopupMaxCents: 5_000_000,
      commissionBasisPoints: 0,
    });
  });

  it('stores a change and audits the old and new values of what changed', async () => {
    const before = (await settingsAudit()).length;
    const res = await change({ freeCancelMinutes: 60, topupMaxCents: 100_000, dailyTopupMaxCents: 5_000_000 });
    expect(res.status).toBe(200);
    const answer = await res.json<SettingsAnswer>();
    expect(answer.settings).toEqual({
      freeCancelMinutes: 60,
      noShowGraceMinutes: 15,
      topupMaxCents: 100_000,
      dailyTopupMaxCents: 5_000_000,
      commissionBasisPoints: 0,
    });
    expect(answer.updatedAt).not.toBeNull();
    // Every signed-in screen reads the same values.
    const rules = await call('/api/platform/settings', { cookie: await cookieFor('parking_user') });
    expect(rules.status).toBe(200);
    expect(await rules.json()).toEqual({ ...answer.settings, mapTiles: DEFAULT_MAP_TILES });

    const audits = await settingsAudit();
    expect(audits).toHaveLength(before + 1);
    const entry = audits.at(-1)!;
    expect(entry.subject).toBe('platform:settings');
    // The daily limit was sent unchanged: it is not in the entry.
    expect(JSON.parse(entry.contextJson)).toEqual({
      from: { freeCancelMinutes: 15, topupMaxCents: 2_000_000 },
      to: { freeCancelMinutes: 60, topupMaxCents: 100_000 },
    });
  });

  it('records nothing when the values sent are those in force', async () => {
    const before = (await settingsAudit()).length;
    expect((await change({ noShowGraceMinutes: 15 })).status).toBe(200);
    expect(await settingsAudit()).toHaveLength(before);
    expect(await db().select().from(platformSettings)).toHaveLength(0);
  });

  it.each([
    [{ freeCancelMinutes: -1 }, 'Free cancellation window (minutes before the start) is between 0 minutes and 1440 minutes.'],
    [{ noShowGraceMinutes: 121 }, 'No-show grace (minutes after the start) is between 5 minutes and 120 minutes.'],
    [{ noShowGraceMinutes: 2.5 }, 'No-show grace (minutes after the start) is a whole number of minutes.'],
    [{ topupMaxCents: 5_000 }, 'Largest single top-up is between ₱100.00 and ₱100,000.00.'],
    [{ dailyTopupMaxCents: '50000' }, 'Top-ups per Manila day must be a number.'],
    [{ pointsPerPeso: 2 }, 'Only the free-cancellation window, the no-show grace, the top-up limits and the commission can be changed.'],
    [{ commissionBasisPoints: 3_001 }, 'Platform commission on what owners are paid through Parkada is between 0% and 30%.'],
    [
      { commissionBasisPoints: 2.5 },
      'Platform commission on what owners are paid through Parkada is a whole number of hundredths of a percent.',
    ],
    [{}, 'Change at least one setting.'],
    [{ dailyTopupMaxCents: 1_000_000 }, 'The daily top-up limit cannot be below the largest single top-up.'],
  ])('refuses %j with a clear 400 and changes nothing', async (json, message) => {
    const before = (await settingsAudit()).length;
    const res = await change(json);
    expect(res.status).toBe(400);
    expect((await res.json<{ message: string }>()).message).toBe(message);
    expect(await db().select().from(platformSettings)).toHaveLength(0);
    expect(await settingsAudit()).toHaveLength(before);
  });

  it('keeps the old values when the audit entry cannot be written', async () => {
    await env.DB.exec(
      `CREATE TRIGGER audit_fault BEFORE INSERT ON audit_logs WHEN NEW.action = 'UPDATE_SETTINGS' BEGIN SELECT RAISE(ABORT, 'injected audit failure'); END;`,
    );
    try {
      expect((await change({ noShowGraceMinutes: 60 })).status).toBe(500);
    } finally {
      await env.DB.exec('DROP TRIGGER audit_fault');
    }
    expect(await db().select().from(platformSettings)).toHaveLength(0);
    expect((await (await call('/api/admin/settings', { cookie: admin })).json<SettingsAnswer>()).settings.noShowGraceMinutes).toBe(15);
  });

  it('writes nothing when, next to what another admin saved meanwhile, the top-up limits would not fit', async () => {
    const { topupMaxCents: single, dailyTopupMaxCents: daily } = DEFAULT_PLATFORM_SETTINGS;
    // Two admins read the defaults. One raises the largest top-up to the daily limit…
    expect((await change({ topupMaxCents: daily })).status).toBe(200);
    // …while the other, from what they read, lowers the daily limit to the old largest top-up.
    const stale = { ...DEFAULT_PLATFORM_SETTINGS, dailyTopupMaxCents: single };
    const write = commit(db(), [
      saveSettingsStatement(db(), stale, { dailyTopupMaxCents: single }, { userId: 'admin-b', at: new Date().toISOString() }),
      abortUnlessChanged(db()),
    ]);
    expect(
      changedMeanwhile(
        await write.then(
          () => null,
          (error) => error,
        ),
      ),
    ).toBe(true);
    const { settings } = await (await call('/api/admin/settings', { cookie: admin })).json<SettingsAnswer>();
    expect(settings).toMatchObject({ topupMaxCents: daily, dailyTopupMaxCents: daily });
    // A change of another setting still goes through next to it.
    expect((await change({ noShowGraceMinutes: 20 })).status).toBe(200);
  });

  it('is for super admins only', async () => {
    for (const role of ['parking_user', 'owner_admin', 'attendant'] as const) {
      const cookie = await cookieFor(role);
      expect((await call('/api/admin/settings', { cookie })).status).toBe(403);
      expect((await change({ freeCancelMinutes: 0 }, cookie)).status).toBe(403);
    }
    expect(await db().select().from(platformSettings)).toHaveLength(0);
  });
});

describe('the rules follow the stored settings', () => {
  it('refunds a cancellation by the window in force when it is cancelled', async () => {
    const lotId = await makeLot(2);
    const { user, cookie } = await driver(1_000);
    // Starts in 30 minutes: refundable under the default 15-minute window…
    const kept = await (await reserve(cookie, { lotId, start: inMinutes(30), durationHours: 1 })).json<{ id: string }>();
    const cancelled = await (await reserve(cookie, { lotId, start: inMinutes(30), durationHours: 1 })).json<{ id: string }>();
    expect(await balanceOf(user.id)).toBe(92_000);
    // …but not under a 60-minute one.
    expect((await change({ freeCancelMinutes: 60 })).status).toBe(200);
    const res = await cancelBooking(cookie, cancelled.id);
    expect(res.status).toBe(200);
    expect((await res.json<{ refundCents: number }>()).refundCents).toBe(0);
    expect(await balanceOf(user.id)).toBe(92_000);

    const moved = await modifyBooking(cookie, kept.id, { start: inMinutes(120), durationHours: 1 });
    expect(moved.status).toBe(409);
    expect((await moved.json<{ message: string }>()).message).toBe(
      'Changes close 60 minutes before the start, with free cancellation. This one can still be extended or cancelled.',
    );
  });

  it('refunds in full again when the window is narrowed', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(1_000);
    // Starts in 10 minutes: past the default 15-minute window, inside a zero-minute one.
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(10), durationHours: 1 })).json<{ id: string }>();
    expect((await change({ freeCancelMinutes: 0 })).status).toBe(200);
    expect((await (await cancelBooking(cookie, booking.id)).json<{ refundCents: number }>()).refundCents).toBe(4_000);
    expect(await balanceOf(user.id)).toBe(100_000);
  });

  it('refuses a top-up over the stored single and daily limits', async () => {
    const { cookie } = await driver(0);
    expect((await change({ topupMaxCents: 100_000, dailyTopupMaxCents: 150_000 })).status).toBe(200);
    const tooLarge = await topUp(cookie, 100_001);
    expect(tooLarge.status).toBe(400);
    expect((await tooLarge.json<{ message: string }>()).message).toBe('A single top-up is at most ₱1,000.00.');
    expect((await topUp(cookie, 100_000)).status).toBe(201);
    const overDay = await topUp(cookie, 60_000);
    expect(overDay.status).toBe(400);
    expect((await overDay.json<{ message: string }>()).message).toBe(
      'Top-ups are limited to ₱1,500.00 per day; you can add up to ₱500.00 more today.',
    );
    expect((await topUp(cookie, 50_000)).status).toBe(201);
    // An auto top-up rule above the single limit is refused too.
    const rule = await call('/api/wallet/auto-topup', {
      method: 'PUT',
      cookie,
      json: { enabled: true, thresholdCents: 20_000, amountCents: 150_000, method: 'gcash' },
    });
    expect(rule.status).toBe(400);
    expect((await rule.json<{ message: string }>()).message).toBe('A single top-up is at most ₱1,000.00.');
  });

  it('expires a no-show at the stored grace and says so', async () => {
    expect((await change({ noShowGraceMinutes: 30 })).status).toBe(200);
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(1), durationHours: 2 })).json<{ id: string; startTs: string }>();
    const status = async () => (await db().select().from(reservations).where(eq(reservations.id, booking.id)))[0].status;
    const stub = lotObject(env, lotId);
    const start = Date.parse(booking.startTs);
    // Past the default 15 minutes, inside the stored 30: still kept.
    await runLotTimers(stub, start + 20 * MINUTE);
    expect(await status()).toBe('CONFIRMED');
    // The object now wakes at the stored deadline.
    expect(await runInDurableObject(stub, (_lot: LotDurableObject, state) => state.storage.getAlarm())).toBe(start + 30 * MINUTE);
    await runLotTimers(stub, start + 30 * MINUTE);
    expect(await status()).toBe('EXPIRED');
    const [note] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'BOOKING_EXPIRED')));
    expect(note.message).toContain('within 30 minutes of');
  });

  it('gives the pass the stored arrival deadline', async () => {
    expect((await change({ noShowGraceMinutes: 45 })).status).toBe(200);
    const lotId = await makeLot(1);
    const { cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 1 })).json<{
      id: string;
      startTs: string;
    }>();
    const pass = await (await call(`/api/reservations/${booking.id}/pass`, { cookie })).json<{ arriveBy: string }>();
    expect(Date.parse(pass.arriveBy)).toBe(Date.parse(booking.startTs) + 45 * MINUTE);
  });
});
