/**
 * How well the gate camera reads plates at an owner's lots (docs/gate.md, Plate recognition): of the
 * entries a read filled over the report's days, the share the attendant kept as read, and the reads
 * they corrected, to judge whether the reader can be trusted at this gate.
 */
import type { ReportFilter } from '../../core/report-request';
import { addDays, manilaDateStart } from '../../core/time';
import type { DB } from '../db/client';
import { plateReadFigures, type LotScope } from './figures.data';

/** The corrected reads listed; the counts cover them all. */
const CORRECTED_SHOWN = 50;

export async function plateReadReport(db: DB, scope: LotScope, { from, to }: ReportFilter) {
  const window = { from: manilaDateStart(from), to: manilaDateStart(addDays(to, 1)) };
  const { reads, kept, corrected } = await plateReadFigures(db, scope, window, CORRECTED_SHOWN);
  return { reads, kept, keptShare: reads ? kept / reads : null, corrected };
}
