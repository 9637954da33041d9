/** A pass's hours and period as the rules of core/monthly-passes.ts take them, from its row or its product's. */
import type { PassSchedule, PassTerm } from '../../core/monthly-passes';
import type { MonthlyPass } from './monthly-passes.data';

/** The days and hours a pass (or the product it is sold from) lets its car in. */
export const scheduleOf = (row: { daysMask: number; openMinute: number; closeMinute: number }): PassSchedule => ({
  daysMask: row.daysMask,
  openMinute: row.openMinute,
  closeMinute: row.closeMinute,
});

/** The period a pass covers, with the hours it was sold with. */
export const termOf = (pass: MonthlyPass): PassTerm => ({
  schedule: scheduleOf(pass),
  validFromMs: Date.parse(pass.validFrom),
  validUntilMs: Date.parse(pass.validUntil),
});
