import { describe, expect, it } from 'vitest';
import { chargePastDeclaredExit, gateCharge, otherCarThanBooked, walkInHorizonEnd, overstayFromWallet, whoPays } from './gate';
import { sameEveryDay } from './lot-form';
import type { LotPricing } from './pricing';
import { HOUR_MS, MINUTE_MS } from './time';

// Tuesday 24 November 2026 in Manila: weekday mornings run 6–10 AM, middays 10 AM–2 PM.
const at = (hhmm: string) => Date.parse(`2026-11-24T${hhmm}:00+08:00`);
const STATIC: LotPricing = { strategy: 'STATIC', baseRateCents: 4_000, bandRates: { 'weekday-morning': 5_000, 'weekday-midday': 7_000 } };
const PROGRESSIVE: LotPricing = { ...STATIC, strategy: 'PROGRESSIVE' };

describe('what a stay costs at the gate', () => {
  it('prices a walk-in hour by hour at the band each hour starts in', () => {
    // 8:30 → 11:00 is three started hours: 8:30 and 9:30 in the morning, 10:30 at midday.
    expect(gateCharge({ entryMs: at('08:30'), exitMs: at('11:00'), reservedUntilMs: null, pricing: STATIC })).toEqual({
      hours: 3,
      amountCents: 5_000 + 5_000 + 7_000,
    });
    // Without band rates every hour pays the base rate.
    expect(
      gateCharge({
        entryMs: at('08:30'),
        exitMs: at('11:00'),
        reservedUntilMs: null,
        pricing: { strategy: 'STATIC', baseRateCents: 4_000 },
      }),
    ).toEqual({ hours: 3, amountCents: 12_000 });
  });

  it('gives a long walk-in the lot’s tier discount, and an overstay none', () => {
    // Four hours from 10 AM, all midday: 4 × ₱70 at ×0.9.
    expect(gateCharge({ entryMs: at('10:00'), exitMs: at('14:00'), reservedUntilMs: null, pricing: PROGRESSIVE }).amountCents).toBe(25_200);
    // Four hours over, from 10 AM: 4 × ₱70, no discount.
    expect(gateCharge({ entryMs: at('08:00'), exitMs: at('14:00'), reservedUntilMs: at('10:00'), pricing: PROGRESSIVE }).amountCents).toBe(
      28_000,
    );
  });

  it('charges an overstay from the reservation’s end, at the band of each hour past it', () => {
    // Ended 9:30; out at 10:45: two started hours, 9:30 (morning) and 10:30 (midday).
    expect(gateCharge({ entryMs: at('08:00'), exitMs: at('10:45'), reservedUntilMs: at('09:30'), pricing: STATIC })).toEqual({
      hours: 2,
      amountCents: 12_000,
    });
  });

  it('counts started hours on whole minutes: a minute-less walk-in is an hour, seconds over are nothing', () => {
    const entry = at('08:00');
    expect(gateCharge({ entryMs: entry, exitMs: entry, reservedUntilMs: null, pricing: STATIC })).toEqual({ hours: 1, amountCents: 5_000 });
    expect(gateCharge({ entryMs: entry, exitMs: entry + 59_000, reservedUntilMs: entry, pricing: STATIC })).toEqual({
      hours: 0,
      amountCents: 0,
    });
    expect(gateCharge({ entryMs: entry, exitMs: entry + HOUR_MS, reservedUntilMs: entry, pricing: STATIC })).toEqual({
      hours: 1,
      amountCents: 5_000,
    });
    expect(gateCharge({ entryMs: entry, exitMs: entry + HOUR_MS + MINUTE_MS, reservedUntilMs: entry, pricing: STATIC })).toEqual({
      hours: 2,
      amountCents: 10_000,
    });
  });
});

describe('a declared exit seen at the gate later', () => {
  // Booked until 9:30; the driver tapped out at 10:00 and paid its started hour, to 10:30.
  const stay = { entryMs: at('08:00'), reservedUntilMs: at('09:30'), declaredExitMs: at('10:00'), pricing: STATIC };

  it('charges nothing within the hour the tap paid, nor for a car seen leaving inside its booking', () => {
    expect(chargePastDeclaredExit({ ...stay, exitMs: at('10:25') })).toEqual({ hours: 0, amountCents: 0 });
    expect(chargePastDeclaredExit({ ...stay, declaredExitMs: at('09:00'), exitMs: at('09:20') })).toEqual({ hours: 0, amountCents: 0 });
  });

  it('charges each hour started past the declared exit, at the rate of its hour', () => {
    // 10:30 and 11:30 at midday, on top of the 9:30 morning hour the tap paid.
    expect(chargePastDeclaredExit({ ...stay, exitMs: at('11:45') })).toEqual({ hours: 2, amountCents: 7_000 + 7_000 });
  });
});

describe("what a driver's wallet pays without a pay code", () => {
  it("takes an overstay from the wallet up to the lot's price for a day from the reservation's end, hour by hour at its rates", () => {
    // From 10 AM Tuesday: 4 midday hours at ₱70, 16 at the base ₱40, Wednesday's 4 morning hours at ₱50.
    const day = 4 * 7_000 + 16 * 4_000 + 4 * 5_000;
    expect(overstayFromWallet(day, STATIC, at('10:00'))).toEqual({ capCents: day, fromWallet: true });
    expect(overstayFromWallet(day + 1, STATIC, at('10:00'))).toEqual({ capCents: day, fromWallet: false });
    // The same overstay is a day on a plain ₱40 lot's terms: 24 × ₱40, no tier discount.
    const plain: LotPricing = { strategy: 'PROGRESSIVE', baseRateCents: 4_000 };
    expect(overstayFromWallet(96_000, plain, at('10:00')).fromWallet).toBe(true);
    expect(overstayFromWallet(96_001, plain, at('10:00')).fromWallet).toBe(false);
  });
});

describe('who pays a stay at the exit', () => {
  const plain: LotPricing = { strategy: 'PROGRESSIVE', baseRateCents: 4_000 };
  const day = 96_000;
  const walkIn = { amountCents: 8_000, consented: false, reservedUntilMs: null, pricing: plain, balanceCents: null };
  const overstay = { ...walkIn, reservedUntilMs: at('10:00'), balanceCents: 100_000 };

  it('asks nothing of a stay that costs nothing: a pass, validations, a voucher, on time', () => {
    expect(whoPays({ ...overstay, amountCents: 0 })).toEqual({ paidBy: null, walletCapCents: null });
    expect(whoPays({ ...walkIn, amountCents: 0, consented: true, balanceCents: 0 })).toEqual({ paidBy: null, walletCapCents: null });
  });

  it('collects cash from a walk-in no wallet may pay for', () => {
    expect(whoPays(walkIn)).toEqual({ paidBy: 'cash', walletCapCents: null });
  });

  it("takes a reservation's overstay from its wallet when it covers it, up to a day's price; else the gate collects it all", () => {
    expect(whoPays(overstay)).toEqual({ paidBy: 'wallet', walletCapCents: null });
    expect(whoPays({ ...overstay, balanceCents: 7_999 })).toEqual({ paidBy: 'cash', walletCapCents: null });
    expect(whoPays({ ...overstay, amountCents: day, balanceCents: day })).toEqual({ paidBy: 'wallet', walletCapCents: null });
    expect(whoPays({ ...overstay, amountCents: day + 1, balanceCents: 200_000 })).toEqual({ paidBy: 'cash', walletCapCents: day });
  });

  it("pays a consent (a pay code, a tap) from its driver's wallet, above the cap too; a wallet short of it is cash, which the exit refuses", () => {
    const consent = { ...overstay, consented: true, amountCents: day + 1, balanceCents: 200_000 };
    expect(whoPays(consent)).toEqual({ paidBy: 'wallet', walletCapCents: null });
    expect(whoPays({ ...consent, balanceCents: day })).toEqual({ paidBy: 'cash', walletCapCents: null });
    expect(whoPays({ ...walkIn, consented: true, balanceCents: 8_000 })).toEqual({ paidBy: 'wallet', walletCapCents: null });
  });
});

describe('the car entering on a booking', () => {
  it('is the car booked, however its plate is typed; else the refusal names both plates', () => {
    expect(otherCarThanBooked('reservation', 'NBC 1234', 'nbc1234')).toBeNull();
    expect(otherCarThanBooked('reservation', 'NBC 1234', 'ABC 5678')).toBe('This reservation is for NBC 1234, not ABC 5678.');
    expect(otherCarThanBooked('monthly pass', 'NBC 1234', 'ABC 5678')).toBe('This monthly pass is for NBC 1234, not ABC 5678.');
    // A booking that named no plate cannot be compared.
    expect(otherCarThanBooked('reservation', null, 'ABC 5678')).toBeNull();
  });
});

describe('the walk-in horizon', () => {
  const hours = { tuesday: { open: '06:00', close: '22:00' } };
  const end = (hhmm: string, rules = {}) => walkInHorizonEnd({ hours, rules }, new Date(at(hhmm))).getTime();

  it('is two hours by default, the lot’s own length when it sets one, and never past closing time', () => {
    expect(end('09:00')).toBe(at('11:00'));
    expect(end('09:00', { walkInHorizonMinutes: 30 })).toBe(at('09:30'));
    expect(end('21:15')).toBe(at('22:00'));
    // A 24/7 lot never closes: the horizon alone counts.
    expect(walkInHorizonEnd({ hours: sameEveryDay('00:00', '23:59'), rules: {} }, new Date(at('23:30'))).getTime()).toBe(
      at('23:30') + 2 * HOUR_MS,
    );
  });
});
