import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LotDurableObject } from './lot-durable-object';
import { HOLD_TTL_MS, type BookingRecord, type SlotInfo } from './protocol';
import { lotObject } from './stub';
import { ALWAYS_VALID } from '../../core/monthly-passes';
import { runLotTimers } from '../test/lot-timers';

const HOUR = 3_600_000;
const slotsOf = (count: number): SlotInfo[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `slot-${i + 1}`,
    label: `A-${i + 1}`,
    accessible: false,
    evCharging: false,
    vehicleType: 'car' as const,
  }));
const newLot = () => lotObject(env, crypto.randomUUID());
const soon = () => ({ startMs: Date.now() + HOUR, endMs: Date.now() + 2 * HOUR });
const hold = (window: { startMs: number; endMs: number }, reservationId = crypto.randomUUID(), slots = slotsOf(1)) => ({
  holdId: crypto.randomUUID(),
  reservationId,
  ...window,
  slots,
  needs: { vehicleType: 'car' as const },
});

describe('walk-ins', () => {
  it('gives each walk-in a free slot, the one free longest, and refuses when none is', async () => {
    const lot = newLot();
    const slots = slotsOf(2);
    const booked = hold({ startMs: Date.now() + HOUR, endMs: Date.now() + 2 * HOUR }, crypto.randomUUID(), [slots[0]]);
    await lot.hold(booked);
    // slot-1 is booked in an hour; slot-2 is free for good: the walk-in gets slot-2.
    expect(await lot.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: 'w1', slots })).toEqual({ ok: true, slotId: 'slot-2' });
    expect(await lot.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: 'w1', slots })).toEqual({ ok: true, slotId: 'slot-2' });
    expect(await lot.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: 'w2', slots })).toEqual({ ok: true, slotId: 'slot-1' });
    expect(await lot.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: 'w3', slots })).toEqual({ ok: false, reason: 'full' });
    expect(await lot.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: 'w3', slots, force: true })).toEqual({
      ok: true,
      slotId: null,
    });
    expect(await lot.availability({ startMs: Date.now(), endMs: Date.now() + HOUR }, 2)).toMatchObject({ free: 0, walkIns: 3 });
    await lot.releaseWalkIn('w2');
    await lot.releaseWalkIn('w3');
    expect(await lot.availability({ startMs: Date.now(), endMs: Date.now() + 30 * 60_000 }, 2)).toMatchObject({ free: 1, walkIns: 1 });
  });

  it('admits exactly as many concurrent walk-ins as there are free slots', async () => {
    const lot = newLot();
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => lot.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: `w${i}`, slots: slotsOf(10) })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(new Set(results.filter((r) => r.ok).map((r) => (r as { slotId: string }).slotId)).size).toBe(10);
  });

  it("makes its walk-ins D1's open ones: a lost one back on its slot, a stray one dropped, one in flight or just gone left alone", async () => {
    const lot = newLot();
    const slots = slotsOf(3);
    const now = Date.now();
    await lot.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: 'stray', slots }, now - 2 * HOLD_TTL_MS);
    await lot.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: 'in-flight', slots }, now);
    await lot.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: 'gone', slots }, now - 2 * HOLD_TTL_MS);
    await lot.releaseWalkIn('gone', now);
    const open = [
      { checkinId: 'lost', slotId: 'slot-3', sinceMs: now - HOUR },
      // Read from D1 before it left: it does not come back.
      { checkinId: 'gone', slotId: 'slot-2', sinceMs: now - HOUR },
    ];
    expect(await lot.reconcileWalkIns(open, now)).toEqual({ added: 1, dropped: 1 });
    expect(await lot.reconcileWalkIns(open, now)).toEqual({ added: 0, dropped: 0 });
    const window = { startMs: now, endMs: now + HOUR };
    expect(await lot.availability(window, 3, now)).toMatchObject({ free: 1, walkIns: 2 });
    expect(await lot.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: 'next', slots, slotLabel: 'A-3' }, now)).toEqual({
      ok: false,
      reason: 'slot taken',
    });
  });

  it("keeps a walk-in's slot out of every later booking until it leaves", async () => {
    const lot = newLot();
    await lot.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: 'w1', slots: slotsOf(1) });
    const tomorrow = { startMs: Date.now() + 24 * HOUR, endMs: Date.now() + 25 * HOUR };
    expect(await lot.hold(hold(tomorrow))).toEqual({ ok: false, reason: 'full' });
    await lot.releaseWalkIn('w1');
    expect((await lot.hold(hold(tomorrow))).ok).toBe(true);
  });
});

describe('holds and bookings', () => {
  it('gives a slot to one of many concurrent holds for the same window', async () => {
    const lot = newLot();
    const window = soon();
    const results = await Promise.all(Array.from({ length: 20 }, () => lot.hold(hold(window))));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('commits a hold to exactly the record, and a late release of that hold undoes nothing', async () => {
    const lot = newLot();
    const window = soon();
    const request = hold(window);
    const held = await lot.hold(request);
    expect(held.ok).toBe(true);
    const record: BookingRecord = { reservationId: request.reservationId, version: 0, live: true, slotId: 'slot-1', ...window };
    expect(await lot.commit(request.holdId, record)).toEqual({ ok: true });
    await lot.releaseHold(request.holdId);
    await lot.releaseHold(request.reservationId);
    await runInDurableObject(lot, (instance: LotDurableObject) => {
      expect(instance.booking(request.reservationId)).toMatchObject({ slotId: 'slot-1', ...window });
      expect(instance.availability(window, 1)).toMatchObject({ free: 0 });
    });
  });

  it('follows D1: a moved window replaces the booking, a record that no longer holds a slot frees it', async () => {
    const lot = newLot();
    const reservationId = crypto.randomUUID();
    const first = soon();
    const request = hold(first, reservationId);
    await lot.hold(request);
    await lot.commit(request.holdId, { reservationId, version: 0, live: true, slotId: 'slot-1', ...first });
    const later = { startMs: first.startMs + 3 * HOUR, endMs: first.endMs + 3 * HOUR };
    expect(await lot.follow({ reservationId, version: 1, live: true, slotId: 'slot-1', ...later })).toEqual({ ok: true });
    expect(await lot.availability(first, 1)).toMatchObject({ free: 1 });
    expect(await lot.availability(later, 1)).toMatchObject({ free: 0 });
    expect(await lot.follow({ reservationId, version: 2, live: false, slotId: null, startMs: 0, endMs: 0 })).toEqual({ ok: true });
    expect(await lot.availability(later, 1)).toMatchObject({ free: 1 });
  });

  it('ignores a commit about an older version than one it followed (it arrived late)', async () => {
    const lot = newLot();
    const window = soon();
    const request = hold(window);
    await lot.hold(request);
    // The alarm settled this reservation first and then saw it expire (version 1).
    await lot.follow({ reservationId: request.reservationId, version: 1, live: false, slotId: null, startMs: 0, endMs: 0 });
    expect(
      await lot.commit(request.holdId, { reservationId: request.reservationId, version: 0, live: true, slotId: 'slot-1', ...window }),
    ).toEqual({ ok: true });
    expect(await lot.availability(window, 1)).toMatchObject({ free: 1 });
  });

  it('refuses to follow a record onto a slot-window another reservation holds', async () => {
    const lot = newLot();
    const window = soon();
    const mine = hold(window);
    await lot.hold(mine);
    const other = crypto.randomUUID();
    expect(await lot.follow({ reservationId: other, version: 0, live: true, slotId: 'slot-1', ...window })).toEqual({
      ok: false,
      reason: 'slot taken',
    });
  });

  it('lets one change of a reservation run at a time, with a lease if its holder never finishes', async () => {
    const lot = newLot();
    const id = crypto.randomUUID();
    expect(await lot.lockReservation(id)).toBe(true);
    expect(await lot.lockReservation(id)).toBe(false);
    expect(await lot.lockReservation(crypto.randomUUID())).toBe(true);
    expect(await lot.lockReservation(id, Date.now() + HOLD_TTL_MS + 1_000)).toBe(true);
    await lot.unlockReservation(id);
    expect(await lot.lockReservation(id)).toBe(true);
  });
});

describe('the alarm', () => {
  it('lets a hold no write ever claimed lapse, on its own schedule', async () => {
    const lot = newLot();
    const window = soon();
    const heldFrom = Date.now();
    expect((await lot.hold(hold(window))).ok).toBe(true);
    expect(await lot.availability(window, 1)).toMatchObject({ free: 0 });
    const alarmAt = await runInDurableObject(lot, (_instance: LotDurableObject, state) => state.storage.getAlarm());
    // Set for the hold's lapse, counted from when it was taken: however long the calls took.
    expect(alarmAt).toBeGreaterThanOrEqual(heldFrom + HOLD_TTL_MS);
    await runLotTimers(lot, Date.now() + HOLD_TTL_MS + 1_000);
    expect(await lot.availability(window, 1)).toMatchObject({ free: 1 });
  });

  it('leaves a hold alone while its change still holds the lock', async () => {
    const lot = newLot();
    const window = soon();
    const request = hold(window);
    await lot.lockReservation(request.reservationId, Date.now() + HOLD_TTL_MS);
    await lot.hold(request);
    await runLotTimers(lot, Date.now() + HOLD_TTL_MS + 1_000);
    expect(await lot.availability(window, 1)).toMatchObject({ free: 0 });
    // The alarm comes back when the lock lapses.
    expect(await runInDurableObject(lot, (_instance: LotDurableObject, state) => state.storage.getAlarm())).toBeGreaterThan(
      Date.now() + HOLD_TTL_MS,
    );
    expect(await runDurableObjectAlarm(lot)).toBe(true);
  });
});

describe('reading a window', () => {
  it('counts a stay kept far past its end in every window it reaches, among many short ones', async () => {
    const lot = newLot();
    const slots = slotsOf(2);
    const now = Date.now();
    const kept: BookingRecord = {
      reservationId: crypto.randomUUID(),
      version: 0,
      live: true,
      slotId: 'slot-1',
      startMs: now + HOUR,
      endMs: now + 2 * HOUR,
    };
    expect(await lot.follow(kept)).toEqual({ ok: true });
    await lot.keepOverstay(kept.reservationId, now + 40 * HOUR);
    for (let h = 3; h < 40; h++)
      expect(await lot.hold(hold({ startMs: now + h * HOUR, endMs: now + (h + 1) * HOUR }, undefined, slots))).toMatchObject({
        ok: true,
        slotId: 'slot-2',
      });
    // Slot 1 is taken until hour 40 by the stay that began at hour 1; slot 2 by the short ones.
    expect(await lot.hold(hold({ startMs: now + 30 * HOUR, endMs: now + 31 * HOUR }, undefined, slots))).toEqual({
      ok: false,
      reason: 'full',
    });
    expect(await lot.hold(hold({ startMs: now + 40 * HOUR, endMs: now + 41 * HOUR }, undefined, slots))).toMatchObject({ ok: true });
  });
});

describe('refusing a full window from memory', () => {
  it('refuses a future window only when every slot it was told of lately is taken, and never a retry of a held request', async () => {
    const lot = newLot();
    const window = soon();
    const query = { ...window, requestTag: 'driver-2 key-2' };
    // Told of no slots yet: D1 has to be asked.
    expect(await lot.refusesAsFull(query)).toBe(false);
    expect(await lot.hold({ ...hold(window), requestTag: 'driver-1 key-1' })).toMatchObject({ ok: true });
    expect(await lot.refusesAsFull(query)).toBe(true);
    expect(await lot.refusesAsFull({ ...query, requestTag: 'driver-1 key-1' })).toBe(false);
    expect(await lot.refusesAsFull({ ...query, startMs: window.endMs, endMs: window.endMs + HOUR })).toBe(false);
    // The slots were learnt over a minute ago, or the owner changed them since: D1 is asked again.
    expect(await lot.refusesAsFull(query, Date.now() + 61_000)).toBe(false);
    await lot.forgetSlots();
    expect(await lot.refusesAsFull(query)).toBe(false);
    // A hold begun before the change read the old slots from D1: it teaches nothing; one begun after it does.
    const later = { startMs: window.endMs, endMs: window.endMs + HOUR };
    expect(await lot.hold(hold(later), Date.now() - 1_000)).toMatchObject({ ok: true });
    expect(await lot.refusesAsFull(query)).toBe(false);
    const after = Date.now() + 6_000;
    expect(await lot.hold(hold({ startMs: later.endMs, endMs: later.endMs + HOUR }), after)).toMatchObject({ ok: true });
    expect(await lot.refusesAsFull(query, after)).toBe(true);
  });
});

describe('monthly passes', () => {
  const month = () => ({ fromMs: Date.now() - HOUR, untilMs: Date.now() + 30 * 24 * HOUR, schedule: ALWAYS_VALID });
  const tomorrow = () => ({ startMs: Date.now() + 24 * HOUR, endMs: Date.now() + 25 * HOUR });

  it('sells no pass the cars inside leave no slot for: a walk-in holds its slot until it leaves, a pass car on a slot is its pass', async () => {
    const lot = newLot();
    const slots = slotsOf(2);
    await lot.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: 'w1', slots });
    await lot.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: 'w2', slots });
    expect(await lot.reservePass({ passId: 'p1', vehicleType: 'car', slots, ...month() })).toEqual({ ok: false, reason: 'full' });
    await lot.releaseWalkIn('w2');
    expect(await lot.reservePass({ passId: 'p1', vehicleType: 'car', slots, ...month() })).toEqual({ ok: true });
    // p1's car comes in on the last slot, the walk-in still inside: no second pass.
    expect(await lot.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: 'p1-car', slots, passId: 'p1' })).toMatchObject({ ok: true });
    expect(await lot.reservePass({ passId: 'p2', vehicleType: 'car', slots, ...month() })).toEqual({ ok: false, reason: 'full' });
    await lot.releaseWalkIn('w1');
    expect(await lot.reservePass({ passId: 'p2', vehicleType: 'car', slots, ...month() })).toEqual({ ok: true });
  });

  it('renews a pass whose car is inside: that car is the renewal’s own', async () => {
    const lot = newLot();
    const slots = slotsOf(1);
    const { fromMs, untilMs, schedule } = month();
    expect(await lot.reservePass({ passId: 'p1', vehicleType: 'car', slots, fromMs, untilMs, schedule })).toEqual({ ok: true });
    expect(await lot.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: 'p1-car', slots, passId: 'p1' })).toMatchObject({ ok: true });
    const renewal = { passId: 'p2', vehicleType: 'car' as const, slots, fromMs: untilMs, untilMs: untilMs + 30 * 24 * HOUR, schedule };
    // Another plate's pass finds the slot taken by the car inside; the same car's next period does not.
    expect(await lot.reservePass(renewal)).toEqual({ ok: false, reason: 'full' });
    expect(await lot.reservePass({ ...renewal, sameCarPassId: 'p1' })).toEqual({ ok: true });
  });

  it("keeps a pass's slot while its car is inside without one (an override on a full lot)", async () => {
    const lot = newLot();
    const slots = slotsOf(2);
    expect(await lot.reservePass({ passId: 'p1', vehicleType: 'car', slots, ...month() })).toEqual({ ok: true });
    await lot.reconcileWalkIns([{ checkinId: 'p1-car', slotId: null, sinceMs: Date.now() - HOUR, passId: 'p1' }], Date.now());
    expect((await lot.hold(hold(tomorrow(), undefined, slots))).ok).toBe(true);
    expect(await lot.hold(hold(tomorrow(), undefined, slots))).toEqual({ ok: false, reason: 'full' });
  });

  it('keeps for walk-ins one slot of its own vehicle type per pass whose car is not inside', async () => {
    const mixed: SlotInfo[] = [
      { id: 'moto', label: 'A-1', accessible: false, evCharging: false, vehicleType: 'motorcycle' },
      { id: 'car', label: 'B-1', accessible: false, evCharging: false, vehicleType: 'car' },
    ];
    // A motorcycle pass keeps the motorcycle slot, not the car's.
    const motoLot = newLot();
    expect(await motoLot.reservePass({ passId: 'm', vehicleType: 'motorcycle', slots: mixed, ...month() })).toEqual({ ok: true });
    expect(await motoLot.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: 'w1', slots: mixed })).toEqual({
      ok: true,
      slotId: 'car',
    });
    expect(await motoLot.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: 'w2', slots: mixed })).toEqual({
      ok: false,
      reason: 'full',
    });
    // A car pass keeps the car slot; its car enters on it.
    const carLot = newLot();
    expect(await carLot.reservePass({ passId: 'c', vehicleType: 'car', slots: mixed, ...month() })).toEqual({ ok: true });
    expect(await carLot.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: 'w1', slots: mixed })).toEqual({
      ok: true,
      slotId: 'moto',
    });
    await carLot.releaseWalkIn('w1');
    expect(await carLot.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: 'c-car', slots: mixed, passId: 'c' })).toEqual({
      ok: true,
      slotId: 'car',
    });
  });

  it('for any cars and motorcycles coming and going, keeps each pass sold a slot of its type its car finds on arrival', async () => {
    const types = ['car', 'motorcycle'] as const;
    const op = fc.oneof(
      fc.record({ kind: fc.constant('pass' as const), type: fc.constantFrom(...types) }),
      fc.record({ kind: fc.constant('walk-in' as const) }),
      fc.record({ kind: fc.constant('pass car' as const), pass: fc.nat(5) }),
      fc.record({ kind: fc.constant('leave' as const), car: fc.nat(10) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.nat(3), fc.nat(3), fc.array(op, { minLength: 1, maxLength: 16 }), async (cars, motorcycles, ops) => {
        const lot = newLot();
        const ofType = (count: number, vehicleType: SlotInfo['vehicleType']): SlotInfo[] =>
          Array.from({ length: count }, (_, i) => ({
            id: `${vehicleType}-${i}`,
            label: `${vehicleType}-${i}`,
            accessible: false,
            evCharging: false,
            vehicleType,
          }));
        const slots = [...ofType(cars, 'car'), ...ofType(motorcycles, 'motorcycle')];
        const typeOf = new Map(slots.map((slot) => [slot.id, slot.vehicleType]));
        const passes: { passId: string; type: (typeof types)[number] }[] = [];
        const inside: { checkinId: string; passId?: string; slotId: string | null }[] = [];
        const untilMs = Date.now() + HOUR;
        for (const o of ops) {
          if (o.kind === 'pass') {
            const passId = crypto.randomUUID();
            if ((await lot.reservePass({ passId, vehicleType: o.type, slots, ...month() })).ok) passes.push({ passId, type: o.type });
          } else if (o.kind === 'leave') {
            const [car] = inside.splice(o.car % Math.max(1, inside.length), 1);
            if (car) await lot.releaseWalkIn(car.checkinId);
          } else {
            const passId = o.kind === 'pass car' ? passes[o.pass % Math.max(1, passes.length)]?.passId : undefined;
            if (o.kind === 'pass car' && (!passId || inside.some((car) => car.passId === passId))) continue;
            const checkinId = crypto.randomUUID();
            const admitted = await lot.admitWalkIn({ checkinId, slots, untilMs, passId });
            if (admitted.ok) inside.push({ checkinId, passId, slotId: admitted.slotId });
          }
        }
        // Every pass whose car is out finds a slot of its type, all of them arriving at once.
        const out = passes.filter((pass) => !inside.some((car) => car.passId === pass.passId));
        const arrivals = await Promise.all(
          out.map((pass) => lot.admitWalkIn({ checkinId: crypto.randomUUID(), slots, untilMs, passId: pass.passId })),
        );
        arrivals.forEach((arrival, i) => {
          expect(arrival.ok).toBe(true);
          expect(typeOf.get((arrival as { slotId: string }).slotId)).toBe(out[i].type);
        });
      }),
      { numRuns: 40 },
    );
  });
});
