/**
 * Closed periods in R2 (docs/payments.md, Archive): one object per kind of record, lot and Manila
 * month, its rows as gzip-compressed NDJSON, listed in D1's directory. Written before the rows leave D1,
 * read back by receipts and the data export, rewritten whole (a move adding rows, an erasure masking
 * them). A period the directory lists but the bucket lacks is an alert, never an empty answer.
 */
import { periodKey, type ArchivedKind, type Period } from '../../core/archive';
import { refusal } from '../../core/refusal';
import { commit, type DB } from '../db/client';
import type { Bindings } from '../env';
import { recordBackgroundFailure } from '../health/background-failures.data';
import { listedPeriod, listedPeriodsOf, listPeriod } from './archive.data';

declare module '../env' {
  interface Bindings {
    /** Closed periods moved out of D1 (worker/archive). */
    ARCHIVE: R2Bucket;
  }
}

/** An archived row: a D1 row as drizzle read it, with an id. */
export type ArchivedRow = { id: string } & Record<string, unknown>;

export type ArchiveContext = { env: Bindings; db: DB };

/** A period's rows with a batch moved into it: each row once (the batch's copy, D1's newer one), in the order of `by`. */
export function withMoved(archived: ArchivedRow[], moved: ArchivedRow[], by: string) {
  const byId = new Map<string, ArchivedRow>([...archived, ...moved].map((row) => [row.id, row]));
  return [...byId.values()].sort((a, b) => String(a[by]).localeCompare(String(b[by])));
}

async function encode(rows: ArchivedRow[]) {
  const ndjson = new Blob(rows.map((row) => `${JSON.stringify(row)}\n`));
  return new Response(ndjson.stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
}

async function decode(object: R2ObjectBody): Promise<ArchivedRow[]> {
  const ndjson = await new Response(object.body.pipeThrough(new DecompressionStream('gzip'))).text();
  return ndjson
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ArchivedRow);
}

/** Records the loss for System Health and refuses: the caller must not answer as if the period were empty. */
async function missingPeriod({ env }: ArchiveContext, period: Period): Promise<never> {
  const subject = `${period.kind} of lot ${period.lotId}, ${period.month}`;
  const error = new Error(`The archived period ${periodKey(period)} is listed but missing from the bucket`);
  await recordBackgroundFailure(env.DB, { job: 'Archive', subject, error }, Date.now());
  throw refusal('records_missing', `The archived ${period.kind} of ${period.month} are missing. The team has been alerted.`);
}

/** The rows of periods the directory lists, each period read from the bucket. */
async function readListed(ctx: ArchiveContext, periods: Period[]) {
  const read = async (period: Period) => {
    const object = await ctx.env.ARCHIVE.get(periodKey(period));
    return object ? decode(object) : missingPeriod(ctx, period);
  };
  return (await Promise.all(periods.map(read))).flat();
}

/** The archived rows of a kind at a lot in the months from `from` to `to` included. */
export async function archivedRowsOf(ctx: ArchiveContext, kind: ArchivedKind, lotId: string, months: { from: string; to: string }) {
  return readListed(ctx, await listedPeriodsOf(ctx.db, kind, lotId, months));
}

/**
 * Rewrites a period: its archived rows (none before its first write), changed, put back only if nobody
 * rewrote it meanwhile (a conditional put on the object read), then listed in the directory in one D1
 * batch with `alongside` (the move's delete). A refused put changes nothing: the caller tries again.
 */
export async function rewritePeriod(
  ctx: ArchiveContext,
  period: Period,
  change: (rows: ArchivedRow[]) => ArchivedRow[],
  alongside: D1PreparedStatement[] = [],
  now = new Date(),
) {
  const key = periodKey(period);
  const [listed, object] = await Promise.all([listedPeriod(ctx.db, period), ctx.env.ARCHIVE.get(key)]);
  if (listed && !object) await missingPeriod(ctx, period);
  // An object not listed yet holds only rows still in D1: a write whose D1 batch failed.
  const rows = change(object ? await decode(object) : []);
  const body = await encode(rows);
  const written = await ctx.env.ARCHIVE.put(key, body, { onlyIf: object ? { etagMatches: object.etag } : { etagDoesNotMatch: '*' } });
  if (!written) throw refusal('conflict', `The archived period ${key} changed meanwhile.`);
  const row = { ...period, key, rows: rows.length, bytes: body.byteLength, archivedAt: now.toISOString() };
  await commit(ctx.db, [listPeriod(ctx.db, row), ...alongside]);
  return row;
}
