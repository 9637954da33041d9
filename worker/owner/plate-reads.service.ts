/**
 * How well the gate camera reads plates at an owner's lots (docs/gate.md, Plate recognition): of the
 * entries a read filled over the report's days, the share the attendant kept as read, and the reads
 * they corrected, to judge whether the reader can be trusted at this gate.
 */
import type { ReportFilter } from '../../core/report-request';
import { addDays, manilaDateStart } from '../../core/time';
import type { DB } from '../db/client';
import type { Bindings } from '../env';
import { lotObject } from '../lot-object/stub';
import { plateReadFigures, type LotScope } from './figures.data';

/** The corrected reads listed; the counts cover them all. */
const CORRECTED_SHOWN = 50;

/**
 * D1's reads and, for the stays moved past the hot window (docs/gate.md, Where a stay lives), each lot's
 * object's, asked in parallel; a stay in both (a move between its two writes) counts once, as D1's.
 */
export async function plateReadReport(env: Bindings, db: DB, scope: LotScope, { from, to }: ReportFilter) {
  const window = { from: manilaDateStart(from), to: manilaDateStart(addDays(to, 1)) };
  const d1 = await plateReadFigures(db, scope, window, CORRECTED_SHOWN);
  const query = { from: window.from.toISOString(), to: window.to.toISOString(), limit: CORRECTED_SHOWN, inD1: d1.inD1 };
  const moved = await Promise.all(d1.lots.map(async (lot) => ({ lot, reads: await lotObject(env, lot.id).plateReads(query) })));
  const reads = d1.reads + moved.reduce((sum, { reads }) => sum + reads.reads, 0);
  const kept = d1.kept + moved.reduce((sum, { reads }) => sum + reads.kept, 0);
  const corrected = [...d1.corrected, ...moved.flatMap(({ lot, reads }) => reads.corrected.map((read) => ({ ...read, lotName: lot.name })))]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, CORRECTED_SHOWN);
  return { reads, kept, keptShare: reads ? kept / reads : null, corrected };
}
