import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { closedStay } from '../test/stays';
import { lotObject } from './stub';

const newLot = () => lotObject(env, crypto.randomUUID());

describe("the lot object's closed stays", () => {
  it('keeps a batch once, however often it is sent, and answers the ids it holds', async () => {
    const lot = newLot();
    const stays = [closedStay('a'), closedStay('b', { walkIn: true, reservationId: null, monthlyPassId: 'pass-1' })];
    expect((await lot.keepStays(stays)).sort()).toEqual(['a', 'b']);
    // Sent again with a change: the stay kept is the first one, never a second row.
    expect((await lot.keepStays([{ ...stays[0], amountCents: 1 }])).sort()).toEqual(['a']);
    const read = await lot.staysOf({ reservationIds: ['r-a'], passIds: ['pass-1'] });
    expect(read.sort((x, y) => x.id.localeCompare(y.id))).toEqual(stays.map((stay) => ({ ...stay, lotId: expect.any(String) })));
  });

  it("reads the latest entries and exits, a shift's totals, and masks plates by stay and by retention", async () => {
    const lot = newLot();
    await lot.keepStays([
      closedStay('old', { shiftId: 's1', exitShiftId: 's1', entryTs: '2026-01-01T01:00:00.000Z', exitTs: '2026-01-01T02:00:00.000Z' }),
      closedStay('new', { shiftId: 's1', exitShiftId: 's2', monthlyPassId: 'p', paidBy: 'wallet', amountCents: 700 }),
      closedStay('undone', { shiftId: 's1', exitTs: null, undoneAt: '2026-01-02T01:00:00.000Z' }),
    ]);
    expect((await lot.latestStays({ by: 'entry', limit: 5 })).map((stay) => stay.id)).toEqual(['new', 'old']);
    expect((await lot.latestStays({ by: 'exit', limit: 1 })).map((stay) => stay.id)).toEqual(['new']);
    expect(await lot.shiftTotals('s1')).toEqual({ entries: 2, passEntries: 1, exits: 1, cash: 5000, wallet: 0 });
    expect(await lot.shiftTotals('s2')).toEqual({ entries: 0, passEntries: 0, exits: 1, cash: 0, wallet: 700 });

    expect(await lot.maskPlatesClosedBefore('2026-01-03T00:00:00.000Z', 1)).toBe(1);
    expect(await lot.maskPlatesClosedBefore('2026-01-03T00:00:00.000Z', 1)).toBe(1);
    expect(await lot.maskPlatesClosedBefore('2026-01-03T00:00:00.000Z', 1)).toBe(0);
    expect(await lot.maskPlatesOfStays(['new'])).toBe(1);
    expect(await lot.maskPlatesOfStays(['new'])).toBe(0);
    const plates = (await lot.staysOf({ reservationIds: ['r-old', 'r-new', 'r-undone'] })).map((stay) => [stay.plate, stay.plateReadText]);
    expect(plates).toEqual([
      ['NBC ••34', 'NBC ••34'],
      ['NBC ••34', 'NBC ••34'],
      ['NBC ••34', 'NBC ••34'],
    ]);
    expect(await lot.hasStays()).toBe(true);
    expect(await newLot().hasStays()).toBe(false);
  });
});
