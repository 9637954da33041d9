/**
 * Search's read model of one lot (docs/search.md): for each hour, how many slots the object has
 * given out for part of it (holds in flight and bookings alike), and the walk-ins inside now. Search
 * answers availability for thousands of lots from these D1 rows without asking a single object.
 *
 * Each hour also counts the slots kept for the monthly passes valid in it whose cars are not inside
 * (the object's own rule, as `hold` applies it), so search never shows a slot booking would refuse.
 *
 * Triggers on the object's `holds` and `passes`, and on the pass cars' walk-ins (migrations.ts), note
 * every window that changed, whoever changed it (a request, a commit, a sale, the alarm);
 * `publishChanges` writes the hours those windows touch, counted afresh at the moment of writing, one
 * write after another, so the last write always carries the object's latest figures. A write that fails leaves its windows noted
 * for the next one; the alarm rewrites it all.
 */
import { hoursOf } from '../../core/availability';
import { HOUR_MS } from '../../core/time';
import { overlapping, TAKEN_UNTIL } from './stays';

/** D1 binds at most 100 parameters per statement: rows of three per multi-row insert, hours after the lot's id per delete. */
const ROWS_PER_INSERT = 30;
const HOURS_PER_DELETE = 90;

export class ReadModel {
  private writing: Promise<unknown> = Promise.resolve();
  /** The walk-ins last written, so a change that moved no window and no car writes nothing. */
  private walkInsWritten = '';
  /**
   * The count last written for each hour, so an hour whose count did not move is not written again
   * (a hold committed to its booking takes the same slot: its commit writes nothing). Memory only: a
   * fresh instance writes every hour it touches.
   */
  private hoursWritten = new Map<number, number>();

  constructor(
    private readonly sql: SqlStorage,
    private readonly db: D1Database,
    private readonly lotId: string,
    /** Slots the monthly passes keep for a window (the object's rule). */
    private readonly keptForPasses: (startMs: number, endMs: number) => number,
  ) {}

  /** Writes the hours changed since the last write, and the walk-ins. False when D1 refused. */
  publishChanges(now = Date.now()): Promise<boolean> {
    return this.inTurn(async () => {
      const { last } = this.sql.exec<{ last: number | null }>('SELECT MAX(id) AS last FROM unpublished_windows').one();
      const walkIns = this.walkIns();
      if (last === null && walkIns.key === this.walkInsWritten) return;
      const hours = new Set<number>();
      for (const window of this.sql.exec<{ start_ms: number; end_ms: number }>(
        'SELECT start_ms, end_ms FROM unpublished_windows WHERE id <= ?',
        last ?? 0,
      )) {
        // Hours already over are never searched; the alarm's rewrite clears them.
        const [first, end] = hoursOf(Math.max(window.start_ms, now - HOUR_MS), window.end_ms);
        for (let hour = first; hour < end; hour++) hours.add(hour);
      }
      const counts = [...hours]
        .map((hour) => [hour, this.slotsTaken(hour)] as const)
        .filter(([hour, taken]) => this.hoursWritten.get(hour) !== taken);
      const emptied = counts.filter(([, taken]) => !taken).map(([hour]) => hour);
      const statements = [...this.hoursWrites(counts.filter(([, taken]) => taken))];
      for (let i = 0; i < emptied.length; i += HOURS_PER_DELETE) {
        const chunk = emptied.slice(i, i + HOURS_PER_DELETE);
        statements.push(
          this.db
            .prepare(`DELETE FROM lot_hours_booked WHERE lot_id = ? AND hour IN (${chunk.map(() => '?').join(', ')})`)
            .bind(this.lotId, ...chunk),
        );
      }
      if (statements.length || walkIns.key !== this.walkInsWritten) {
        try {
          await this.db.batch([...statements, walkIns.statement]);
        } catch (error) {
          // It may have landed all the same: nothing written is known any more.
          this.hoursWritten.clear();
          throw error;
        }
      }
      for (const [hour, taken] of counts) this.hoursWritten.set(hour, taken);
      this.walkInsWritten = walkIns.key;
      if (last !== null) this.sql.exec('DELETE FROM unpublished_windows WHERE id <= ?', last);
    });
  }

  /** Rewrites the lot's whole read model from the object's holds: the repair of any drift, and the pruning of past hours. */
  publishAll(now = Date.now()): Promise<boolean> {
    return this.inTurn(async () => {
      const { last } = this.sql.exec<{ last: number | null }>('SELECT MAX(id) AS last FROM unpublished_windows').one();
      const hours = new Set<number>();
      for (const row of this.sql.exec<{ start_ms: number; end_ms: number }>(
        `SELECT start_ms, ${TAKEN_UNTIL} AS end_ms FROM holds WHERE ${TAKEN_UNTIL} > ?`,
        now,
      )) {
        const [first, end] = hoursOf(Math.max(row.start_ms, now), row.end_ms);
        for (let hour = first; hour < end; hour++) hours.add(hour);
      }
      for (const pass of this.sql.exec<{ from_ms: number; until_ms: number }>(
        'SELECT from_ms, until_ms FROM passes WHERE until_ms > ?',
        now,
      )) {
        const [first, end] = hoursOf(Math.max(pass.from_ms, now), pass.until_ms);
        for (let hour = first; hour < end; hour++) hours.add(hour);
      }
      const rows = [...hours].map((hour) => [hour, this.slotsTaken(hour)] as const).filter(([, taken]) => taken);
      const walkIns = this.walkIns();
      await this.db.batch([
        this.db.prepare('DELETE FROM lot_hours_booked WHERE lot_id = ?').bind(this.lotId),
        ...this.hoursWrites(rows),
        walkIns.statement,
      ]);
      // Every other hour is now absent, which is what a count of 0 writes.
      this.hoursWritten = new Map(rows);
      this.walkInsWritten = walkIns.key;
      if (last !== null) this.sql.exec('DELETE FROM unpublished_windows WHERE id <= ?', last);
    });
  }

  /** The statements writing these hours' counts (none of them 0), a multi-row upsert per chunk. */
  private hoursWrites(rows: (readonly [number, number])[]): D1PreparedStatement[] {
    const writes = [];
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const chunk = rows.slice(i, i + ROWS_PER_INSERT);
      writes.push(
        this.db
          .prepare(
            `INSERT INTO lot_hours_booked (lot_id, hour, slots_taken) VALUES ${chunk.map(() => '(?, ?, ?)').join(', ')} ON CONFLICT (lot_id, hour) DO UPDATE SET slots_taken = excluded.slots_taken`,
          )
          .bind(...chunk.flatMap(([hour, taken]) => [this.lotId, hour, taken])),
      );
    }
    return writes;
  }

  /** Distinct slots taken for part of an hour, and those kept for passes then, as the object's own availability counts them. */
  private slotsTaken(hour: number): number {
    const [startMs, endMs] = [hour * HOUR_MS, (hour + 1) * HOUR_MS];
    const taking = overlapping(this.sql, startMs, endMs);
    const { taken } = this.sql
      .exec<{ taken: number }>(`SELECT COUNT(DISTINCT slot_id) AS taken FROM holds WHERE ${taking.where}`, ...taking.bindings)
      .one();
    return taken + this.keptForPasses(startMs, endMs);
  }

  /** The walk-ins inside now, and the statement that writes them. */
  private walkIns(): { key: string; statement: D1PreparedStatement } {
    const { placed, unplaced } = this.sql
      .exec<{ placed: number; unplaced: number }>('SELECT COUNT(slot_id) AS placed, COUNT(*) - COUNT(slot_id) AS unplaced FROM walk_ins')
      .one();
    const statement =
      placed + unplaced
        ? this.db
            .prepare(
              'INSERT INTO lot_walk_ins (lot_id, placed, unplaced) VALUES (?, ?, ?) ON CONFLICT (lot_id) DO UPDATE SET placed = excluded.placed, unplaced = excluded.unplaced',
            )
            .bind(this.lotId, placed, unplaced)
        : this.db.prepare('DELETE FROM lot_walk_ins WHERE lot_id = ?').bind(this.lotId);
    return { key: `${placed}/${unplaced}`, statement };
  }

  /** One write at a time, each counting when its turn comes, so a slower earlier write never lands last. */
  private inTurn(write: () => Promise<void>): Promise<boolean> {
    const turn = this.writing.then(write).then(
      () => true,
      (error: unknown) => {
        console.error('Lot object: the search read model was not written; the alarm repairs it', error);
        return false;
      },
    );
    this.writing = turn;
    return turn;
  }
}
