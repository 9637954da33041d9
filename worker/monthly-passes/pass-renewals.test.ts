import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../core/time';
import { lots, monthlyPasses, notifications } from '../db/schema';
import { newId } from '../db/ids';
import { balanceOf, driver } from '../test/booking-fixtures';
import { arrived } from '../test/arrival';
import { call, db } from '../test/helpers';
import { renewDuePasses, warnEndingPasses } from './monthly-passes.service';
import { pushBrowser, pushServiceStandIn } from '../test/push-stand-in';
import { buy, gateEnter, passLot, seedPasses, type Pass } from '../test/pass-fixtures';

beforeAll(seedPasses);

describe('auto-renew', () => {
  /** A pass with auto-renew on, bought 28 days ago (so it ends within 3 days), for a driver holding `pesos`. */
  async function endingPass(pesos: number) {
    const { lotId, product } = await passLot({ quantity: 2 });
    const { user, cookie } = await driver(pesos);
    const pass = await (await buy(cookie, { productId: product.id, plate: 'NAB 1234', autoRenew: true })).json<Pass>();
    const now = new Date(Date.parse(pass.validUntil) - 2 * DAY_MS);
    return { lotId, user, cookie, pass, now };
  }

  it('renews from the wallet 3 days before the end, once, and notifies', async () => {
    const { user, cookie, pass, now } = await endingPass(7_000);
    expect(await renewDuePasses(env, db(), now)).toMatchObject({ renewed: 1 });
    expect(await renewDuePasses(env, db(), now)).toMatchObject({ renewed: 0, lapsed: 0 });
    expect(await balanceOf(user.id)).toBe(100_000);
    const mine = await (await call('/api/monthly-passes', { cookie })).json<{ passes: Pass[] }>();
    expect(mine.passes).toHaveLength(2);
    expect(mine.passes.find((p) => p.id === pass.id)).toMatchObject({ renewal: 'renewed' });
    expect(mine.passes.find((p) => p.id !== pass.id)).toMatchObject({ validFrom: pass.validUntil, state: 'upcoming', autoRenew: true });
    const notes = await (await call('/api/notifications', { cookie })).json();
    expect(JSON.stringify(notes)).toContain('Monthly pass renewed');
  });

  it('renews while the car is parked on the lot’s only slot', async () => {
    const { lotId, product } = await passLot({ slots: 1, quantity: 1 });
    const { user, cookie } = await driver(7_000);
    const pass = await (await buy(cookie, { productId: product.id, plate: 'NAB 1234', autoRenew: true })).json<Pass>();
    expect((await gateEnter({ lotId, plate: 'NAB 1234', passToken: pass.token })).status).toBe(201);
    expect(await renewDuePasses(env, db(), new Date(Date.parse(pass.validUntil) - 2 * DAY_MS))).toMatchObject({ renewed: 1 });
    expect(await balanceOf(user.id)).toBe(100_000);
  });

  it('lapses cleanly when the wallet is short: nothing paid, no pass, the driver told', async () => {
    const { user, cookie, pass, now } = await endingPass(3_500);
    expect(await renewDuePasses(env, db(), now)).toMatchObject({ renewed: 0, lapsed: 1 });
    expect(await balanceOf(user.id)).toBe(50_000);
    const mine = await (await call('/api/monthly-passes', { cookie })).json<{ passes: Pass[] }>();
    expect(mine.passes).toMatchObject([{ id: pass.id, renewal: 'lapsed' }]);
    const notes = await (await call('/api/notifications', { cookie })).json();
    expect(JSON.stringify(notes)).toContain('not renewed');
  });

  it('lapses at a lot no longer taking bookings: nothing paid, the driver told why', async () => {
    const { lotId, user, cookie, now } = await endingPass(7_000);
    const before = await balanceOf(user.id);
    await db().update(lots).set({ isActive: false }).where(eq(lots.id, lotId));
    expect(await renewDuePasses(env, db(), now)).toMatchObject({ renewed: 0, lapsed: 1 });
    expect(await balanceOf(user.id)).toBe(before);
    expect(JSON.stringify(await (await call('/api/notifications', { cookie })).json())).toContain('the lot no longer takes bookings');
  });

  it('is switched off by the driver: the pass ends at its period’s end', async () => {
    const { cookie, pass, now } = await endingPass(7_000);
    const off = await call(`/api/monthly-passes/${pass.id}`, { method: 'PATCH', cookie, json: { autoRenew: false } });
    expect(await off.json()).toMatchObject({ autoRenew: false });
    expect(await renewDuePasses(env, db(), now)).toMatchObject({ renewed: 0, lapsed: 0 });
    const stranger = await driver(0);
    expect(
      (await call(`/api/monthly-passes/${pass.id}`, { method: 'PATCH', cookie: stranger.cookie, json: { autoRenew: true } })).status,
    ).toBe(404);
  });
});

describe('a pass about to lapse', () => {
  const endingNotes = async (userId: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'PASS_ENDING')));

  it('tells the driver of a pass without auto-renew once, 3 days before its end, and not when next month is bought', async () => {
    const { product } = await passLot({ quantity: 2 });
    const { user, cookie } = await driver(7_000);
    const pass = await (await buy(cookie, { productId: product.id, plate: 'END 1001' })).json<Pass>();
    const end = Date.parse(pass.validUntil);
    // Other tests' passes end about then too: what counts is what this driver heard.
    await warnEndingPasses(env, db(), new Date(end - 4 * DAY_MS));
    expect(await endingNotes(user.id)).toEqual([]);
    await warnEndingPasses(env, db(), new Date(end - 2 * DAY_MS));
    await warnEndingPasses(env, db(), new Date(end - DAY_MS));
    expect((await endingNotes(user.id)).map((note) => note.title)).toEqual(['Monthly pass ending']);

    const other = await driver(7_000);
    const next = await (await buy(other.cookie, { productId: product.id, plate: 'END 1002' })).json<Pass>();
    await db()
      .insert(monthlyPasses)
      .values({
        ...(await db().select().from(monthlyPasses).where(eq(monthlyPasses.id, next.id)))[0],
        id: newId(),
        validFrom: next.validUntil,
        validUntil: new Date(Date.parse(next.validUntil) + 30 * DAY_MS).toISOString(),
        renewsId: null,
      });
    await warnEndingPasses(env, db(), new Date(Date.parse(next.validUntil) - 2 * DAY_MS));
    expect(await endingNotes(other.user.id)).toEqual([]);
  });

  it('reaches the phone, both when a pass will lapse unrenewed and when its renewal failed', async () => {
    const pushService = pushServiceStandIn(globalThis.fetch);
    vi.stubGlobal('fetch', pushService.fetch);
    try {
      const { product } = await passLot({ quantity: 2 });
      const { cookie } = await driver(3_500);
      const phone = await pushBrowser();
      expect((await call('/api/push/subscription', { method: 'PUT', cookie, json: phone.subscription })).status).toBe(204);
      const ending = await (await buy(cookie, { productId: product.id, plate: 'END 2001' })).json<Pass>();
      await warnEndingPasses(env, db(), new Date(Date.parse(ending.validUntil) - 2 * DAY_MS));
      await arrived(() => pushService.deliveries, 1);
      expect(await phone.open(pushService.deliveries[0])).toMatchObject({
        title: 'Monthly pass ending',
        url: '/passes',
        tag: `pass-${ending.id}`,
      });

      await db().update(monthlyPasses).set({ autoRenew: true }).where(eq(monthlyPasses.id, ending.id));
      await renewDuePasses(env, db(), new Date(Date.parse(ending.validUntil) - 2 * DAY_MS)); // the wallet is short
      await arrived(() => pushService.deliveries, 2);
      expect(await phone.open(pushService.deliveries[1])).toMatchObject({ title: 'Monthly pass not renewed', url: '/passes' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
