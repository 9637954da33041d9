import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { lotObject } from './stub';

describe('LotDurableObject occupancy', () => {
  it('counts vehicles in and out, never below zero or above capacity', async () => {
    const lot = lotObject(env, crypto.randomUUID());
    expect(await lot.occupied()).toBe(0);
    expect(await lot.recordMovement(-1, 2)).toEqual({ ok: false, reason: 'No vehicle to check out' });
    expect(await lot.recordMovement(1, 2)).toEqual({ ok: true, occupied: 1 });
    expect(await lot.recordMovement(1, 2)).toEqual({ ok: true, occupied: 2 });
    expect(await lot.recordMovement(1, 2)).toEqual({ ok: false, reason: 'Lot is full' });
    expect(await lot.occupied()).toBe(2);
  });

  it('admits exactly capacity vehicles under concurrent arrivals', async () => {
    const lot = lotObject(env, crypto.randomUUID());
    const results = await Promise.all(Array.from({ length: 25 }, () => lot.recordMovement(1, 10)));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(await lot.occupied()).toBe(10);
  });

  it('keeps one object per lot', async () => {
    const id = crypto.randomUUID();
    await lotObject(env, id).recordMovement(1, 5);
    expect(await lotObject(env, id).occupied()).toBe(1);
    expect(await lotObject(env, crypto.randomUUID()).occupied()).toBe(0);
  });
});
