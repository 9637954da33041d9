/** The gate camera's plate read, stored with the check-in it filled and refused when malformed; the owner's figures of it. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { manilaDate } from '../../core/time';
import { checkins } from '../db/schema';
import { makeLot } from '../test/booking-fixtures';
import { atTheGate, countWhere, gateEnter, reservedCar, type Checkin } from '../test/gate-fixtures';
import { call, messageOf } from '../test/helpers';
import { db } from '../test/helpers';

let owner = '';
beforeAll(async () => {
  ({ owner } = await atTheGate());
});

const rowOf = async (id: string) => (await db().select().from(checkins).where(eq(checkins.id, id)))[0];

describe('a plate read sent with a check-in', () => {
  it('is stored with it: the text, the confidence and whether the attendant corrected it', async () => {
    const lotId = await makeLot(3);
    const kept = await (
      await gateEnter(owner, { lotId, plate: 'RDA 1234', plateRead: { text: 'rda1234', confidence: 0.97, corrected: false } })
    ).json<Checkin>();
    expect(await rowOf(kept.id)).toMatchObject({
      plate: 'RDA 1234',
      plateReadText: 'RDA 1234',
      plateReadConfidence: 0.97,
      plateReadCorrected: false,
    });
    const fixed = await (
      await gateEnter(owner, { lotId, plate: 'RDB 1284', plateRead: { text: 'RDB 1234', confidence: 0.61, corrected: true } })
    ).json<Checkin>();
    expect(await rowOf(fixed.id)).toMatchObject({
      plate: 'RDB 1284',
      plateReadText: 'RDB 1234',
      plateReadConfidence: 0.61,
      plateReadCorrected: true,
    });
    const typed = await (await gateEnter(owner, { lotId, plate: 'RDC 1234' })).json<Checkin>();
    expect(await rowOf(typed.id)).toMatchObject({ plateReadText: null, plateReadConfidence: null, plateReadCorrected: null });
  });

  it('refuses a malformed read with a 400 that names it, and records nothing', async () => {
    const lotId = await makeLot(3);
    const cases: [unknown, string][] = [
      [{ text: 'RDA 1234', confidence: 1.2, corrected: false }, 'A plate read’s confidence is a number from 0 to 1.'],
      [{ text: 'RDA 1234', confidence: '0.9', corrected: false }, 'A plate read’s confidence is a number from 0 to 1.'],
      [{ text: 'RDA 1234', confidence: 0.9 }, 'Say whether the attendant corrected the plate read.'],
      [{ text: '', confidence: 0.9, corrected: true }, 'Please enter the vehicle plate number'],
      ['RDA 1234', 'A plate read is { text, confidence, corrected }.'],
      [
        { text: 'RDX 9999', confidence: 0.9, corrected: false },
        'A plate read the attendant kept is the plate checked in, and a corrected one is not.',
      ],
      [
        { text: 'RDA 1234', confidence: 0.9, corrected: true },
        'A plate read the attendant kept is the plate checked in, and a corrected one is not.',
      ],
    ];
    for (const [plateRead, message] of cases) {
      const res = await gateEnter(owner, { lotId, plate: 'RDA 1234', plateRead });
      expect(res.status, JSON.stringify(plateRead)).toBe(400);
      expect(await messageOf(res)).toBe(message);
    }
    expect(await countWhere(lotId)).toBe(0);
  });

  it('gives the owner the reads of a period: how many, the share kept as read, and the corrected ones', async () => {
    const lotId = await makeLot(3);
    await gateEnter(owner, { lotId, plate: 'RDE 1111', plateRead: { text: 'RDE 1111', confidence: 0.98, corrected: false } });
    await gateEnter(owner, { lotId, plate: 'RDE 2222', plateRead: { text: 'RDE 2222', confidence: 0.95, corrected: false } });
    await gateEnter(owner, { lotId, plate: 'RDE 3883', plateRead: { text: 'RDE 3333', confidence: 0.55, corrected: true } });
    const today = manilaDate(new Date());
    const report = await (await call(`/api/owner/reports/plate-reads?lotId=${lotId}&from=${today}&to=${today}`, { cookie: owner })).json<{
      reads: number;
      kept: number;
      keptShare: number;
      corrected: { read: string; plate: string; confidence: number }[];
    }>();
    expect(report).toMatchObject({
      reads: 3,
      kept: 2,
      keptShare: 2 / 3,
      corrected: [{ read: 'RDE 3333', plate: 'RDE 3883', confidence: 0.55 }],
    });
    const yesterday = manilaDate(Date.now() - 86_400_000);
    const before = await (
      await call(`/api/owner/reports/plate-reads?lotId=${lotId}&from=${yesterday}&to=${yesterday}`, { cookie: owner })
    ).json();
    expect(before).toEqual({ reads: 0, kept: 0, keptShare: null, corrected: [] });
  });
});

describe('a plate looked up at the gate', () => {
  type Lookup = { plate: string; inside: { checkinId: string } | null; reservation: { id: string } | null; monthlyPass: unknown };
  const lookUp = async (lotId: string, plate: string) =>
    call(`/api/checkins/plate?lotId=${lotId}&plate=${encodeURIComponent(plate)}`, { cookie: owner });

  it('finds the reservation the car may enter on, then the stay inside, and nothing for an unknown car', async () => {
    const lotId = await makeLot(2);
    const { booking } = await reservedCar(lotId, { plate: 'LKP 1234' });
    const before = await (await lookUp(lotId, 'lkp-1234')).json<Lookup>();
    expect(before).toMatchObject({ plate: 'LKP 1234', inside: null, reservation: { id: booking.id }, monthlyPass: null });
    const { id } = await (await gateEnter(owner, { lotId, plate: 'LKP 1234' })).json<Checkin>();
    const after = await (await lookUp(lotId, 'LKP 1234')).json<Lookup>();
    expect(after).toMatchObject({ inside: { checkinId: id }, reservation: null });
    expect(await (await lookUp(lotId, 'NEW 1234')).json()).toEqual({
      plate: 'NEW 1234',
      inside: null,
      reservation: null,
      monthlyPass: null,
    });
  });

  it('refuses what is not a plate, and another lot than the attendant works', async () => {
    const lotId = await makeLot(1);
    const bad = await lookUp(lotId, '!!');
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toMatch(/^Enter a Philippine plate/);
    const driver = await reservedCar(lotId);
    expect((await call(`/api/checkins/plate?lotId=${lotId}&plate=ABC%201234`, { cookie: driver.cookie })).status).toBe(403);
  });
});
