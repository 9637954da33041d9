/**
 * An owner's dashboard and reports, computed from the records at the time of asking (docs/owner.md,
 * "Figures"): the SQL sums come from figures.data.ts, the rules from core/owner-figures.ts.
 */
import { WEEKDAYS } from '../../core/booking';
import { lotHours } from '../../core/lot-json';
import {
  changePercent,
  eachOpenHour,
  openSlotSeconds,
  openWeekMask,
  occupancyPercent,
  previousPeriod,
  REVENUE_SOURCES,
  revenueSourceOf,
  roundHours,
  STAY_LENGTHS,
  STAY_LENGTH_BOUNDS,
  trendOf,
  TREND_RANGES,
  type DailyRow,
  type OccupancyLot,
  type Tally,
  type TrendRange,
} from '../../core/owner-figures';
import type { ReportFilter } from '../../core/report-request';
import { addDays, DAY_MS, eachDay, HOUR_MS, manilaDate, manilaDateStart, manilaMidnight } from '../../core/time';
import { readTogether, type DB } from '../db/client';
import type { SessionUser } from '../env';
import { assertManagesLot, lotsOwnedBy } from '../lots/lots.service';
import {
  bookingDays,
  bookingsByDay,
  moneyOfDays,
  moneyParts,
  heldInOpenHoursQuery,
  rolledStayHours,
  moneyByLot,
  moneyByLotIn,
  moneyTotalQuery,
  centsOf,
  type BookingDay,
  passCounts,
  passCountsOf,
  passesDuring,
  validatedIn,
  slotsTakenAt,
  stayHours,
  staySpans,
  windowOfDays,
  type Days,
  type LotScope,
  type Window,
} from './figures.data';

const TOP_HOURS = 5;
/** Lot Performance compares the last 7 days (today so far included) with the same span a week before. */
const PERFORMANCE_DAYS = 7;

/** The lots a figure covers: the user's (every lot for the super admin), or the one asked for if they manage it (else 404). */
export async function managedScope(db: DB, user: SessionUser, lotId?: string): Promise<LotScope> {
  if (lotId) await assertManagesLot(db, user, lotId);
  return { ownerId: user.role === 'super_admin' ? null : user.id, lotId };
}

type ScopeLot = OccupancyLot & { name: string };

async function lotsOf(db: DB, scope: LotScope): Promise<ScopeLot[]> {
  return scopeLots(scope, await lotsOwnedBy(db, scope.ownerId));
}

function scopeLots(scope: LotScope, rows: Awaited<ReturnType<typeof lotsOwnedBy>>): ScopeLot[] {
  return rows
    .filter((lot) => !scope.lotId || lot.id === scope.lotId)
    .map((lot) => ({ id: lot.id, name: lot.name, slots: lot.totalSlots, hours: lotHours(lot) }));
}

const emptyTally = (): Tally => ({ booked: 0, available: 0 });
const addTo = <K>(tallies: Map<K, Tally>, key: K, hour: Tally) => {
  const tally = tallies.get(key) ?? tallies.set(key, emptyTally()).get(key)!;
  tally.booked += hour.booked;
  tally.available += hour.available;
};

const sumBy = <T>(rows: T[], value: (row: T) => number) => rows.reduce((total, row) => total + value(row), 0);
const avgHours = (seconds: number, count: number) => (count ? roundHours(seconds / count / 3600) : 0);

/**
 * KPI tiles: today so far (Manila) against yesterday up to the same time; occupancy is the share of
 * slots held by a stay right now, against the same moment yesterday.
 */
export async function ownerKpis(db: DB, scope: LotScope, now = new Date()) {
  const today = manilaMidnight(now);
  const current = { from: today, to: now };
  const previous = { from: new Date(today.getTime() - DAY_MS), to: new Date(now.getTime() - DAY_MS) };
  const reads = (window: Window) =>
    [moneyTotalQuery(db, scope, window), bookingsByDay(db, scope, window, STAY_LENGTH_BOUNDS), slotsTakenAt(db, scope, window.to)] as const;
  // Both windows' reads in one round trip to D1, beside the lot list.
  const [lots, [moneyNow, bookedNow, takenNow, moneyThen, bookedThen, takenThen]] = await Promise.all([
    lotsOf(db, scope),
    readTogether(db, [...reads(current), ...reads(previous)]),
  ]);
  const slots = sumBy(lots, (lot) => lot.slots);
  const figures = (money: { cents: number | null }[], booked: BookingDay[], taken: { taken: number }[]) => {
    const count = sumBy(booked, (day) => day.bookings);
    return {
      totalRevenue: centsOf(money),
      occupancy: occupancyPercent({ booked: sumBy(taken, (row) => row.taken), available: slots }) ?? 0,
      dailyBookings: count,
      avgDuration: avgHours(
        sumBy(booked, (day) => day.seconds),
        count,
      ),
    };
  };
  const [today_, yesterday] = [figures(moneyNow, bookedNow, takenNow), figures(moneyThen, bookedThen, takenThen)];
  return { ...today_, previous: yesterday, change: changes(today_, yesterday), since: current.from.toISOString(), asOf: now.toISOString() };
}

function changes<T extends Record<string, number>>(current: T, previous: T) {
  return Object.fromEntries(Object.keys(current).map((key) => [key, changePercent(current[key], previous[key])])) as {
    [K in keyof T]: number | null;
  };
}

/** The dashboard's revenue trend: money received per Manila day over the last 7 days, 30 days or 3 months. */
export async function revenueTrend(db: DB, scope: LotScope, range: TrendRange, now = new Date()) {
  const to = manilaDate(now);
  const from = addDays(to, 1 - TREND_RANGES[range]);
  const { byDay } = moneyOfDays(await moneyParts(db, scope, { from, to }));
  return eachDay(from, to).map((date) => ({ date, revenue: byDay.get(date) ?? 0 }));
}

function totalsBy<T extends { cents: number }, K>(rows: T[], keyOf: (row: T) => K) {
  const totals = new Map<K, number>();
  for (const row of rows) totals.set(keyOf(row), (totals.get(keyOf(row)) ?? 0) + row.cents);
  return totals;
}

/**
 * The money by lot of the 7 days up to `at`: 6 whole days from the rollup, and the day of `at` up to
 * `at` from the records.
 */
function weekByLotTo(db: DB, scope: LotScope, at: Date) {
  const today = manilaDate(at);
  const days = { from: addDays(today, 1 - PERFORMANCE_DAYS), to: addDays(today, -1) };
  return [moneyByLot(db, scope, days), moneyByLotIn(db, scope, { from: manilaMidnight(at), to: at })] as const;
}

/**
 * Lot Performance: each lot's occupancy and revenue over the last 7 days, and revenue's trend. Like
 * with like, as the tiles' "vs yesterday by now": the 7 days up to now against the same 7 days' span a
 * week before, up to the same time of day (not today's part-day against 7 whole days).
 */
export async function lotPerformance(db: DB, scope: LotScope, now = new Date()) {
  const to = manilaDate(now);
  const from = addDays(to, 1 - PERFORMANCE_DAYS);
  const weekAgo = new Date(now.getTime() - PERFORMANCE_DAYS * DAY_MS);
  const [lotRows, [days, today, daysBefore, todayBefore, rolled, inside]] = await Promise.all([
    lotsOwnedBy(db, scope.ownerId),
    readTogether(db, [
      ...weekByLotTo(db, scope, now),
      ...weekByLotTo(db, scope, weekAgo),
      rolledStayHours(db, scope, { from, to }),
      stayHours(db, scope, windowOfDays({ from, to }), now, true),
    ]),
  ]);
  const [lots, spans] = [scopeLots(scope, lotRows), staySpans(rolled, inside)];
  const [revenue, previous] = [
    totalsBy([...days, ...today], (row) => row.lotId),
    totalsBy([...daysBefore, ...todayBefore], (row) => row.lotId),
  ];
  const occupancyOf = new Map<string, Tally>();
  // Occupancy too over the hours up to now: today's hours still to come are not empty ones.
  eachOpenHour(lots, spans, from, to, (hour) => {
    if (manilaDateStart(hour.day).getTime() + (hour.hour + 1) * HOUR_MS <= now.getTime()) addTo(occupancyOf, hour.lotId, hour);
  });
  return lots.map((lot) => ({
    id: lot.id,
    name: lot.name,
    occupancy: occupancyPercent(occupancyOf.get(lot.id) ?? emptyTally()) ?? 0,
    revenue: revenue.get(lot.id) ?? 0,
    trend: trendOf(revenue.get(lot.id) ?? 0, previous.get(lot.id) ?? 0),
  }));
}

/** Every record Reports & Analytics sums, in one round trip to D1. */
async function reportRecords(db: DB, scope: LotScope, lots: ScopeLot[], days: Days, before: Days, now: Date) {
  const window = windowOfDays(days);
  const [parts, moneyBefore, booked, rolled, inside, insideBefore, heldBefore, passes, passWindows, validated] = await readTogether(db, [
    moneyParts(db, scope, days),
    moneyByLot(db, scope, before),
    bookingDays(db, scope, { from: before.from, to: days.to }, STAY_LENGTH_BOUNDS),
    rolledStayHours(db, scope, days),
    // Walk-ins still inside, clipped to each period (one that entered before the report's days counts in both).
    stayHours(db, scope, window, now, true),
    stayHours(db, scope, windowOfDays(before), now, true),
    // The previous period's occupancy is one sum.
    heldInOpenHoursQuery(
      db,
      before,
      lots.map((lot) => ({ lotId: lot.id, mask: openWeekMask(lot.hours) })),
    ),
    passCounts(db, scope, window),
    passesDuring(db, scope, window),
    validatedIn(db, scope, window),
  ]);
  return {
    money: moneyOfDays(parts),
    moneyBefore,
    booked,
    rolled,
    inside,
    insideBefore,
    heldBefore,
    passes: passCountsOf(passes),
    passWindows,
    validatedCents: centsOf(validated),
  };
}
type ReportRecords = Awaited<ReturnType<typeof reportRecords>>;

/** Occupancy per day, and per weekday (0 = Sunday) × clock hour, over the report's days. */
function occupancyTallies(lots: ScopeLot[], records: ReportRecords, { from, to }: Days) {
  const days = new Map<string, Tally>();
  const grid: Tally[][] = Array.from({ length: 7 }, () => Array.from({ length: 24 }, emptyTally));
  eachOpenHour(lots, staySpans(records.rolled, records.inside), from, to, (hour) => {
    addTo(days, hour.day, hour);
    grid[hour.weekday][hour.hour].booked += hour.booked;
    grid[hour.weekday][hour.hour].available += hour.available;
  });
  return { days, grid };
}

/** The previous period's occupancy: the rollup's sum, and walk-ins still inside that entered before the report's days. */
function previousOccupancy(lots: ScopeLot[], records: ReportRecords, before: Days): Tally {
  const tally: Tally = { booked: records.heldBefore[0]?.seconds ?? 0, available: openSlotSeconds(lots, before.from, before.to) };
  if (records.insideBefore.length)
    eachOpenHour(lots, records.insideBefore, before.from, before.to, (hour) => (tally.booked += hour.booked));
  return tally;
}

/** A day's money, occupancy and bookings, from the records and the day's occupancy tally. */
function dayFiguresOf(records: ReportRecords, tallies: Map<string, Tally>) {
  const bookingsOf = new Map(records.booked.map((row) => [row.day, row]));
  return (day: string) => {
    const tally = tallies.get(day) ?? emptyTally();
    const booked = bookingsOf.get(day);
    return { date: day, revenue: records.money.byDay.get(day) ?? 0, tally, bookings: booked?.bookings ?? 0, seconds: booked?.seconds ?? 0 };
  };
}
type DayFigures = ReturnType<ReturnType<typeof dayFiguresOf>>;

/** A period's KPIs from its days; its occupancy is the days' unless given (the previous period's is one sum). */
function periodKpis(rows: DayFigures[], revenue: number, tally?: Tally) {
  const bookings = sumBy(rows, (row) => row.bookings);
  const occupied = tally ?? { booked: sumBy(rows, (row) => row.tally.booked), available: sumBy(rows, (row) => row.tally.available) };
  return {
    totalRevenue: revenue,
    avgOccupancy: occupancyPercent(occupied) ?? 0,
    totalBookings: bookings,
    avgDuration: avgHours(
      sumBy(rows, (row) => row.seconds),
      bookings,
    ),
  };
}

const dailyRow = (row: DayFigures): DailyRow => ({
  date: row.date,
  revenue: row.revenue,
  occupancy: occupancyPercent(row.tally),
  bookings: row.bookings,
  avgDuration: avgHours(row.seconds, row.bookings),
});

/** Reports & Analytics for a location and Manila days, each figure beside the same number of days before. */
export async function ownerReport(db: DB, scope: LotScope, filter: ReportFilter, now = new Date()) {
  const { from, to } = filter;
  const before = previousPeriod(from, to);
  const lots = scopeLots(scope, await lotsOwnedBy(db, scope.ownerId));
  const records = await reportRecords(db, scope, lots, { from, to }, before, now);
  const { days, grid } = occupancyTallies(lots, records, { from, to });
  const dayFigures = dayFiguresOf(records, days);
  const current = periodKpis(
    eachDay(from, to).map(dayFigures),
    sumBy([...records.money.byDay.values()], (cents) => cents),
  );
  const previous = periodKpis(
    eachDay(before.from, before.to).map(dayFigures),
    sumBy(records.moneyBefore, (row) => row.cents),
    previousOccupancy(lots, records, before),
  );
  const reportDays = records.booked.filter((row) => row.day >= from);
  const lengths = [sumBy(reportDays, (row) => row.short), sumBy(reportDays, (row) => row.middle), sumBy(reportDays, (row) => row.long)];
  return {
    filter: { lotId: filter.lotId ?? null, from, to, previousFrom: before.from, previousTo: before.to },
    kpis: { ...current, previous, change: changes(current, previous) },
    daily: eachDay(from, to).map(dayFigures).map(dailyRow),
    revenue: {
      ...revenueReport(records.money.byHour, records.money.byKind),
      passes: records.passes,
      validatedCents: records.validatedCents,
    },
    occupancy: { ...occupancyReport(grid, lengths), passHeatmap: passHeatmap(records.passWindows, from, to) },
  };
}

function revenueReport(hours: number[], kinds: { kind: string; cents: number }[]) {
  const bySource = totalsBy(kinds, (row) => revenueSourceOf(row.kind));
  const byHour = new Map(hours.map((cents, hour) => [hour, cents]));
  return {
    breakdown: REVENUE_SOURCES.map(({ source, label }) => ({ source, label, amount: bySource.get(source) ?? 0 })),
    byHour: Array.from({ length: 24 }, (_, hour) => byHour.get(hour) ?? 0),
    topHours: [...byHour.entries()]
      .filter(([, cents]) => cents > 0)
      .sort(([h1, a], [h2, b]) => b - a || h1 - h2)
      .slice(0, TOP_HOURS)
      .map(([hour, amount]) => ({ hour, amount })),
  };
}

/**
 * Slots held by monthly passes per weekday × clock hour (Monday first): on average over the report's
 * days of that weekday, the passes valid at the start of the hour in their valid hours. Null: no such
 * weekday in the range.
 */
function passHeatmap(
  passes: { validFrom: string; validUntil: string; daysMask: number; openMinute: number; closeMinute: number }[],
  from: string,
  to: string,
) {
  const held = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  const daysOf = new Array<number>(7).fill(0);
  for (const day of eachDay(from, to)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    daysOf[weekday]++;
    const midnight = Date.parse(`${day}T00:00:00+08:00`);
    for (let hour = 0; hour < 24; hour++) {
      const at = midnight + hour * HOUR_MS;
      for (const pass of passes) {
        if (!(pass.daysMask & (1 << weekday)) || hour * 60 < pass.openMinute || hour * 60 >= pass.closeMinute) continue;
        if (Date.parse(pass.validFrom) <= at && Date.parse(pass.validUntil) > at) held[weekday][hour]++;
      }
    }
  }
  return WEEKDAYS.map((weekday, i) => {
    const w = (i + 1) % 7;
    return { weekday, hours: held[w].map((n) => (daysOf[w] ? Math.round((n / daysOf[w]) * 10) / 10 : null)) };
  });
}

/** The Occupancy tab from tallies per weekday (0 = Sunday) × clock hour. */
function occupancyReport(grid: Tally[][], lengths: number[]) {
  const add = (tallies: Tally[]): Tally => ({ booked: sumBy(tallies, (t) => t.booked), available: sumBy(tallies, (t) => t.available) });
  const hoursOf = (weekdays: number[]) => Array.from({ length: 24 }, (_, hour) => add(weekdays.map((w) => grid[w][hour])));
  const peak = (weekdays: number[]) => {
    const best = hoursOf(weekdays)
      .map((tally, hour) => ({ hour, occupancy: occupancyPercent(tally) }))
      .filter((h): h is { hour: number; occupancy: number } => h.occupancy !== null && h.occupancy > 0)
      .sort((a, b) => b.occupancy - a.occupancy || a.hour - b.hour);
    return best[0] ?? null;
  };
  const [weekdays, weekends, all] = [
    [1, 2, 3, 4, 5],
    [6, 0],
    [0, 1, 2, 3, 4, 5, 6],
  ];
  const total = (set: number[]) => occupancyPercent(add(hoursOf(set)));
  const bookings = sumBy(lengths, (n) => n);
  return {
    // Monday first, as people read a week.
    heatmap: WEEKDAYS.map((weekday, i) => ({ weekday, hours: grid[(i + 1) % 7].map(occupancyPercent) })),
    byHour: hoursOf(all).map(occupancyPercent),
    peakHours: { weekdays: peak(weekdays), saturday: peak([6]), sunday: peak([0]) },
    stayLengths: STAY_LENGTHS.map((label, i) => ({
      label,
      bookings: lengths[i],
      share: bookings ? Math.round((lengths[i] / bookings) * 1000) / 10 : 0,
    })),
    utilisation: { weekdays: total(weekdays), weekends: total(weekends), overall: total(all) },
  };
}
