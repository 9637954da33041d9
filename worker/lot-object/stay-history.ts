/**
 * The lot's closed stays, moved out of D1 once past the hot window (docs/gate.md, "Where a stay lives";
 * the move is worker/gate/stay-move.service.ts). A stay is kept as D1 recorded it, every column but the
 * lot's (the object's name), so the data export and every reader of closed stays read it whole. A stay is
 * written once (the move may send it again: it is ignored) and changed only to mask its plate.
 */
import { MASK_DOT, maskPlate } from '../../core/vehicles';
import type {
  CorrectedRead,
  LatestStays,
  PlateReads,
  PlateReadsQuery,
  ShiftTotals,
  StayOfCar,
  StayRecord,
  StaysOfPeople,
} from './protocol';

type Row = Record<string, SqlStorageValue>;

/** D1's column of a stay's field (its name in snake case, as drizzle's schema spells every column of `checkins`). */
const columnOf = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const fieldOf = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
/** The fields SQLite keeps as 0 or 1. */
const FLAGS = new Set<string>(['walkIn', 'lostTicket', 'override', 'plateReadCorrected'] satisfies (keyof StayRecord)[]);

/** The fields the object keeps: its table's columns (D1's but the lot's; a column D1 adds needs a storage migration here). */
const fieldsKept = (sql: SqlStorage) =>
  sql
    .exec<{ name: string }>('PRAGMA table_info(stays)')
    .toArray()
    .map((column) => fieldOf(column.name));

function recordOf(lotId: string, row: Row): StayRecord {
  const stay: Record<string, unknown> = { lotId };
  for (const [column, value] of Object.entries(row)) {
    const field = fieldOf(column);
    stay[field] = FLAGS.has(field) && value !== null ? value === 1 : value;
  }
  return stay as StayRecord;
}

const ids = (list: readonly string[]) => JSON.stringify(list);

/** Keeps the stays given (one already kept is left as it is) and answers which of them the object holds. */
export function keepStays(storage: DurableObjectStorage, stays: StayRecord[]): string[] {
  const fields = fieldsKept(storage.sql) as (keyof StayRecord)[];
  const insert = `INSERT OR IGNORE INTO stays (${fields.map(columnOf).join(', ')}) VALUES (${fields.map(() => '?').join(', ')})`;
  const stored = (value: StayRecord[keyof StayRecord]) => (typeof value === 'boolean' ? Number(value) : (value ?? null));
  storage.transactionSync(() => {
    for (const stay of stays) storage.sql.exec(insert, ...fields.map((field) => stored(stay[field])));
  });
  return storage.sql
    .exec<{ id: string }>('SELECT id FROM stays WHERE id IN (SELECT value FROM json_each(?))', ids(stays.map((stay) => stay.id)))
    .toArray()
    .map((row) => row.id);
}

/** One stay, by its id. */
export function stayById(sql: SqlStorage, lotId: string, id: string): StayRecord | null {
  const [row] = sql.exec<Row>('SELECT * FROM stays WHERE id = ?', id).toArray();
  return row ? recordOf(lotId, row) : null;
}

/**
 * The car's latest stay kept here that its driver declared out by tap, with no later stay of its plate
 * kept here (docs/gate.md, A declared exit seen at the gate: D1's later stays are the caller's to check).
 */
export function declaredStay(sql: SqlStorage, lotId: string, car: StayOfCar): StayRecord | null {
  const [column, value] = 'plate' in car ? ['plate', car.plate] : 'id' in car ? ['id', car.id] : ['reservation_id', car.reservationId];
  const [row] = sql
    .exec<Row>(
      `SELECT s.* FROM stays s WHERE s.${column} = ? AND s.undone_at IS NULL AND s.exit_tag_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM stays later WHERE later.plate = s.plate AND later.entry_ts > s.entry_ts AND later.undone_at IS NULL)
        ORDER BY s.entry_ts DESC LIMIT 1`,
      value,
    )
    .toArray();
  return row ? recordOf(lotId, row) : null;
}

/** The stays of these reservations and monthly passes. */
export function staysOf(sql: SqlStorage, lotId: string, { reservationIds, passIds }: StaysOfPeople): StayRecord[] {
  return sql
    .exec<Row>(
      `SELECT * FROM stays WHERE reservation_id IN (SELECT value FROM json_each(?1))
       UNION SELECT * FROM stays WHERE monthly_pass_id IN (SELECT value FROM json_each(?2))`,
      ids(reservationIds),
      ids(passIds ?? []),
    )
    .toArray()
    .map((row) => recordOf(lotId, row));
}

/**
 * The latest `limit` stays as Recent Activity lists them: entries (not undone, not a declared exit
 * reopened) by entry, or exits by exit, newest first.
 */
export function latestStays(sql: SqlStorage, lotId: string, { by, limit }: LatestStays): StayRecord[] {
  const query =
    by === 'entry'
      ? 'SELECT * FROM stays WHERE undone_at IS NULL AND reopened_from IS NULL ORDER BY entry_ts DESC LIMIT ?'
      : 'SELECT * FROM stays WHERE exit_ts IS NOT NULL ORDER BY coalesce(exit_ts, undone_at) DESC LIMIT ?';
  return sql
    .exec<Row>(query, limit)
    .toArray()
    .map((row) => recordOf(lotId, row));
}

/**
 * What a shift recorded among the stays kept here, but those D1 still holds (`inD1`: a move between its
 * two writes): entries (pass cars among them), exits and what they collected.
 */
export function shiftTotals(sql: SqlStorage, shiftId: string, inD1: string[]): ShiftTotals {
  const notInD1 = 'id NOT IN (SELECT value FROM json_each(?))';
  const entries = sql
    .exec<{ n: number; passes: number }>(
      `SELECT count(*) AS n, count(monthly_pass_id) AS passes FROM stays WHERE shift_id = ? AND undone_at IS NULL AND ${notInD1}`,
      shiftId,
      ids(inD1),
    )
    .one();
  const exits = sql
    .exec<{ n: number; cash: number; wallet: number }>(
      `SELECT count(*) AS n, coalesce(sum(CASE WHEN paid_by = 'cash' THEN amount_cents END), 0) AS cash,
              coalesce(sum(CASE WHEN paid_by = 'wallet' THEN amount_cents END), 0) AS wallet
         FROM stays WHERE exit_shift_id = ? AND ${notInD1}`,
      shiftId,
      ids(inD1),
    )
    .one();
  return { entries: entries.n, passEntries: entries.passes, exits: exits.n, cash: exits.cash, wallet: exits.wallet };
}

/** The camera's reads among the entries of `[from, to)` kept here: how many, how many kept as read, the latest corrected. */
export function plateReads(sql: SqlStorage, { from, to, limit, inD1 }: PlateReadsQuery): PlateReads {
  const where = `plate_read_text IS NOT NULL AND undone_at IS NULL AND entry_ts >= ?1 AND entry_ts < ?2
    AND id NOT IN (SELECT value FROM json_each(?3))`;
  const counts = sql
    .exec<{ reads: number; kept: number }>(
      `SELECT count(*) AS reads, coalesce(sum(plate_read_corrected = 0), 0) AS kept FROM stays WHERE ${where}`,
      from,
      to,
      ids(inD1),
    )
    .one();
  const corrected = sql
    .exec<CorrectedRead>(
      `SELECT id, entry_ts AS at, plate_read_text AS read, plate, plate_read_confidence AS confidence
         FROM stays WHERE ${where} AND plate_read_corrected = 1 ORDER BY entry_ts DESC LIMIT ?4`,
      from,
      to,
      ids(inD1),
      limit,
    )
    .toArray();
  return { reads: counts.reads, kept: counts.kept, corrected };
}

/**
 * Masks the plate, and the camera's read of it, of at most `limit` (-1: all) of the stays `where` picks
 * that still show one; answers how many stays.
 */
function maskPlates(sql: SqlStorage, where: string, binding: SqlStorageValue, limit = -1): number {
  const rows = sql
    .exec<{ id: string; plate: string; read: string | null }>(
      `SELECT id, plate, plate_read_text AS read FROM stays
        WHERE ${where} AND (instr(plate, ?2) = 0 OR instr(plate_read_text, ?2) = 0) LIMIT ?3`,
      binding,
      MASK_DOT,
      limit,
    )
    .toArray();
  const masked = (plate: string) => (plate.includes(MASK_DOT) ? plate : maskPlate(plate));
  for (const { id, plate, read } of rows)
    sql.exec('UPDATE stays SET plate = ?, plate_read_text = ? WHERE id = ?', masked(plate), read === null ? null : masked(read), id);
  return rows.length;
}

/** A person's erasure: their stays' plates masked. */
export const maskPlatesOfStays = (sql: SqlStorage, stayIds: string[]) =>
  maskPlates(sql, 'id IN (SELECT value FROM json_each(?1))', ids(stayIds));

/** The retention period: plates of stays closed (left or undone) before `before` masked, at most `limit` stays a call. */
export const maskPlatesClosedBefore = (sql: SqlStorage, before: string, limit: number) =>
  maskPlates(sql, 'coalesce(exit_ts, undone_at) < ?1', before, limit);

export const hasStays = (sql: SqlStorage) => sql.exec('SELECT 1 FROM stays LIMIT 1').toArray().length > 0;
