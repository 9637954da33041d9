/**
 * The lot object's storage, as an ordered list of migrations (docs/booking.md, "The object's storage").
 * Migration n brings storage at version n - 1 to version n; the version reached is kept in
 * `schema_version` (Durable Objects' SQLite refuses `PRAGMA user_version`), and each migration commits
 * in one transaction with it. The constructor runs what an object lacks, inside `blockConcurrencyWhile`,
 * before any request. A released migration is never edited: a change of schema is a new one at the end.
 */
import { HOUR_MS } from '../../core/time';

/** A column added to a table an earlier version made. */
type AddedColumn = { table: string; column: string; definition: string };
type Migration = { adds?: AddedColumn; statements: readonly string[] };

/** A row of the change log of search's read model (read-model.ts), for a window of `holds` or of `passes`. */
const noteStay = (row: 'NEW' | 'OLD') =>
  `INSERT INTO unpublished_windows (start_ms, end_ms) VALUES (${row}.start_ms, MAX(${row}.end_ms, ${row}.kept_until));`;
const notePass = (row: 'NEW' | 'OLD') => `INSERT INTO unpublished_windows (start_ms, end_ms) VALUES (${row}.from_ms, ${row}.until_ms);`;
const notePassCar = (row: 'NEW' | 'OLD') =>
  `INSERT INTO unpublished_windows (start_ms, end_ms) SELECT from_ms, until_ms FROM passes WHERE pass_id = ${row}.pass_id;`;

/**
 * Versions 1 to 3 are the schema of the code that kept no version, as it built it: its tables first,
 * then the columns it added to them. Their statements are idempotent (see `adoptUnversioned`).
 */
const MIGRATIONS: readonly Migration[] = [
  {
    statements: [
      // Cars inside without a reservation, each on the slot the gate gave it (none only when an override let it in on a full lot).
      'CREATE TABLE IF NOT EXISTS walk_ins (checkin_id TEXT PRIMARY KEY, slot_id TEXT, since_ms INTEGER NOT NULL)',
      // Walk-ins that left (or were undone) within the lease: a reconciliation that read D1 before they left does not bring them back.
      'CREATE TABLE IF NOT EXISTS walk_ins_left (checkin_id TEXT PRIMARY KEY, left_ms INTEGER NOT NULL)',
      `CREATE TABLE IF NOT EXISTS holds (
        hold_id TEXT PRIMARY KEY,
        reservation_id TEXT NOT NULL,
        slot_id TEXT NOT NULL,
        start_ms INTEGER NOT NULL,
        end_ms INTEGER NOT NULL CHECK (end_ms > start_ms),
        state TEXT NOT NULL CHECK (state IN ('held', 'booked')),
        held_until INTEGER NOT NULL DEFAULT 0,
        reminded_start INTEGER NOT NULL DEFAULT 0,
        reminded_end INTEGER NOT NULL DEFAULT 0
      )`,
      'CREATE INDEX IF NOT EXISTS holds_slot_window ON holds (slot_id, start_ms, end_ms)',
      // What is taken for a window (stays.ts), and the next alarm's no-show deadline.
      'CREATE INDEX IF NOT EXISTS holds_start ON holds (start_ms)',
      // The next alarm's other instants, each the least of its index (timers.ts).
      "CREATE INDEX IF NOT EXISTS holds_held ON holds (held_until) WHERE state = 'held'",
      "CREATE INDEX IF NOT EXISTS holds_unreminded_start ON holds (start_ms) WHERE state = 'booked' AND reminded_start = 0",
      "CREATE INDEX IF NOT EXISTS holds_unreminded_end ON holds (end_ms) WHERE state = 'booked' AND reminded_end = 0",
      // One booking per reservation: following D1 replaces it, never adds a second.
      "CREATE UNIQUE INDEX IF NOT EXISTS holds_one_booking ON holds (reservation_id) WHERE state = 'booked'",
      'CREATE TABLE IF NOT EXISTS change_locks (reservation_id TEXT PRIMARY KEY, until_ms INTEGER NOT NULL)',
      // The newest record version followed per reservation: a commit or follow about an older one is stale.
      'CREATE TABLE IF NOT EXISTS followed_versions (reservation_id TEXT PRIMARY KEY, version INTEGER NOT NULL)',
      // Until when bookings held before the object remembered requests may be retried (see `adoptUnversioned`).
      'CREATE TABLE IF NOT EXISTS untagged_bookings (id INTEGER PRIMARY KEY CHECK (id = 1), until_ms INTEGER NOT NULL)',
      // New bookings' requests that got a hold, until their window ends (holds.ts, `refusesAsFull`).
      'CREATE TABLE IF NOT EXISTS booking_requests (tag TEXT PRIMARY KEY, until_ms INTEGER NOT NULL)',
      'CREATE INDEX IF NOT EXISTS booking_requests_until ON booking_requests (until_ms)',
      'CREATE TABLE IF NOT EXISTS timer_retry (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)',
      // The no-show grace (a platform setting) as the D1 side last reported it; the default until then.
      'CREATE TABLE IF NOT EXISTS no_show_grace (id INTEGER PRIMARY KEY CHECK (id = 1), ms INTEGER NOT NULL)',
      // Monthly passes sold: each holds one slot of its vehicle type in its valid hours, unless its car is inside (then its walk-in holds one).
      `CREATE TABLE IF NOT EXISTS passes (
        pass_id TEXT PRIMARY KEY,
        vehicle_type TEXT NOT NULL,
        from_ms INTEGER NOT NULL,
        until_ms INTEGER NOT NULL,
        days_mask INTEGER NOT NULL,
        open_minute INTEGER NOT NULL,
        close_minute INTEGER NOT NULL,
        kept_ms INTEGER NOT NULL DEFAULT 0
      )`,
      // The windows changed since search's read model was last written, noted by triggers (read-model.ts).
      'CREATE TABLE IF NOT EXISTS unpublished_windows (id INTEGER PRIMARY KEY, start_ms INTEGER NOT NULL, end_ms INTEGER NOT NULL)',
      // A pass kept or dropped moves the slots kept in its period.
      `CREATE TRIGGER IF NOT EXISTS passes_added AFTER INSERT ON passes BEGIN ${notePass('NEW')} END`,
      `CREATE TRIGGER IF NOT EXISTS passes_removed AFTER DELETE ON passes BEGIN ${notePass('OLD')} END`,
      // The lot's active slots as the D1 side last said (a subscriber's join, a hold, a walk-in): what "of N" counts (live.ts).
      'CREATE TABLE IF NOT EXISTS live_total (id INTEGER PRIMARY KEY CHECK (id = 1), slots INTEGER NOT NULL)',
    ],
  },
  {
    // A checked-in car past its end keeps its slot until `kept_until`, renewed until it leaves.
    adds: { table: 'holds', column: 'kept_until', definition: 'INTEGER NOT NULL DEFAULT 0' },
    statements: [
      'CREATE INDEX IF NOT EXISTS holds_span ON holds ((MAX(end_ms, kept_until) - start_ms))',
      `CREATE TRIGGER IF NOT EXISTS holds_added AFTER INSERT ON holds BEGIN ${noteStay('NEW')} END`,
      `CREATE TRIGGER IF NOT EXISTS holds_removed AFTER DELETE ON holds BEGIN ${noteStay('OLD')} END`,
      `CREATE TRIGGER IF NOT EXISTS holds_moved AFTER UPDATE OF slot_id, start_ms, end_ms, kept_until ON holds BEGIN ${noteStay('OLD')} ${noteStay('NEW')} END`,
    ],
  },
  {
    // A pass car's walk-in names its pass: its coming in or leaving moves the slots kept in the pass's period.
    adds: { table: 'walk_ins', column: 'pass_id', definition: 'TEXT' },
    statements: [
      `CREATE TRIGGER IF NOT EXISTS pass_car_in AFTER INSERT ON walk_ins WHEN NEW.pass_id IS NOT NULL BEGIN ${notePassCar('NEW')} END`,
      `CREATE TRIGGER IF NOT EXISTS pass_car_out AFTER DELETE ON walk_ins WHEN OLD.pass_id IS NOT NULL BEGIN ${notePassCar('OLD')} END`,
    ],
  },
  {
    statements: [
      // The lot's closed stays moved out of D1 (stay-history.ts, docs/gate.md "Where a stay lives"): D1's
      // `checkins` columns but the lot's id, which names the object.
      `CREATE TABLE stays (
        id TEXT PRIMARY KEY NOT NULL,
        reservation_id TEXT,
        shift_id TEXT,
        attendant_id TEXT,
        plate TEXT NOT NULL,
        slot_id TEXT,
        slot_label TEXT,
        walk_in INTEGER NOT NULL,
        entry_ts TEXT NOT NULL,
        exit_ts TEXT,
        exit_shift_id TEXT,
        exit_attendant_id TEXT,
        amount_cents INTEGER,
        validated_cents INTEGER NOT NULL,
        paid_by TEXT,
        payer_id TEXT,
        lost_ticket INTEGER NOT NULL,
        override INTEGER NOT NULL,
        override_reason TEXT,
        exit_override_reason TEXT,
        undone_at TEXT,
        monthly_pass_id TEXT,
        tag_id TEXT,
        exit_tag_id TEXT,
        reopened_from TEXT,
        plate_read_text TEXT,
        plate_read_confidence REAL,
        plate_read_corrected INTEGER
      )`,
      // Recent Activity's entries; its exits, retention's masking and the archive's months by when a stay closed.
      'CREATE INDEX stays_entry ON stays (entry_ts)',
      'CREATE INDEX stays_closed ON stays (coalesce(exit_ts, undone_at))',
      // A person's stays (the data export, erasure, a pass's review) and a shift's totals.
      'CREATE INDEX stays_reservation ON stays (reservation_id) WHERE reservation_id IS NOT NULL',
      'CREATE INDEX stays_pass ON stays (monthly_pass_id) WHERE monthly_pass_id IS NOT NULL',
      'CREATE INDEX stays_shift ON stays (shift_id) WHERE shift_id IS NOT NULL',
      'CREATE INDEX stays_exit_shift ON stays (exit_shift_id) WHERE exit_shift_id IS NOT NULL',
    ],
  },
  {
    // The gate's look-up of a car by plate among the stays moved here: one declared out by its driver's
    // tap and not seen leaving, whose later stays of the plate say whether it left (docs/gate.md).
    statements: ['CREATE INDEX stays_plate ON stays (plate, entry_ts)'],
  },
  {
    // The lot's per-driver days moved out of D1 (customer-days.ts), the folds that brought them, and a row
    // per driver and month that triggers keep equal to the sum of its days (`booked_days`: its days with bookings).
    statements: [
      `CREATE TABLE customer_days (
        day TEXT NOT NULL,
        user_id TEXT NOT NULL,
        bookings INTEGER NOT NULL,
        cents INTEGER NOT NULL,
        PRIMARY KEY (day, user_id)
      ) WITHOUT ROWID`,
      `CREATE TABLE customer_months (
        month TEXT NOT NULL,
        user_id TEXT NOT NULL,
        bookings INTEGER NOT NULL,
        cents INTEGER NOT NULL,
        booked_days INTEGER NOT NULL,
        PRIMARY KEY (month, user_id)
      ) WITHOUT ROWID`,
      'CREATE TABLE customer_folds (fold_id INTEGER PRIMARY KEY, at_ms INTEGER NOT NULL)',
      `CREATE TRIGGER customer_day_added AFTER INSERT ON customer_days BEGIN
        INSERT INTO customer_months (month, user_id, bookings, cents, booked_days)
          VALUES (substr(NEW.day, 1, 7), NEW.user_id, NEW.bookings, NEW.cents, NEW.bookings > 0)
        ON CONFLICT (month, user_id) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents,
          booked_days = booked_days + excluded.booked_days;
      END`,
      `CREATE TRIGGER customer_day_changed AFTER UPDATE ON customer_days BEGIN
        UPDATE customer_months SET bookings = bookings + NEW.bookings - OLD.bookings, cents = cents + NEW.cents - OLD.cents,
          booked_days = booked_days + (NEW.bookings > 0) - (OLD.bookings > 0)
         WHERE month = substr(NEW.day, 1, 7) AND user_id = NEW.user_id;
      END`,
    ],
  },
];

/** The version the code that kept no version left its storage at, once it had run. */
const UNVERSIONED = 3;
/** How long retries of bookings held before the object remembered requests are answered from D1. */
const UNTAGGED_RETRY_MS = HOUR_MS;

const hasTable = (sql: SqlStorage, name: string) =>
  sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", name).toArray().length > 0;

const hasColumn = (sql: SqlStorage, { table, column }: AddedColumn) =>
  sql
    .exec<{ name: string }>(`PRAGMA table_info(${table})`)
    .toArray()
    .some((row) => row.name === column);

/** The version recorded, or null when the storage keeps none (new, or made by the code that kept none). */
function recordedVersion(sql: SqlStorage): number | null {
  if (!hasTable(sql, 'schema_version')) return null;
  return sql.exec<{ version: number }>('SELECT version FROM schema_version').toArray()[0]?.version ?? null;
}

function record(sql: SqlStorage, version: number): void {
  sql.exec('CREATE TABLE IF NOT EXISTS schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)');
  sql.exec('INSERT OR REPLACE INTO schema_version (id, version) VALUES (1, ?)', version);
}

/** Runs a migration; `again` (an unversioned storage) leaves out a column that is there already. */
function apply(sql: SqlStorage, { adds, statements }: Migration, again = false): void {
  if (adds && !(again && hasColumn(sql, adds))) sql.exec(`ALTER TABLE ${adds.table} ADD COLUMN ${adds.column} ${adds.definition}`);
  for (const statement of statements) sql.exec(statement);
}

/**
 * Storage without a recorded version: new (no `holds`), or made by the code that kept none. That code
 * created every table `IF NOT EXISTS` and added a column when it was missing, at every start, so its
 * storage holds part of versions 1 to 3 (an object not woken since an older release lacks what came
 * after it). Those versions are run again, leaving out the columns already there, and recorded. An
 * object that held bookings before it remembered requests (no `booking_requests`) refuses nothing from
 * memory for an hour, so a retry of one of them is still answered from D1.
 */
function adoptUnversioned(storage: DurableObjectStorage, now: number): number {
  const sql = storage.sql;
  if (!hasTable(sql, 'holds')) return 0;
  const remembering = hasTable(sql, 'booking_requests');
  storage.transactionSync(() => {
    for (const migration of MIGRATIONS.slice(0, UNVERSIONED)) apply(sql, migration, true);
    if (!remembering && sql.exec('SELECT 1 FROM holds LIMIT 1').toArray().length)
      sql.exec('INSERT OR REPLACE INTO untagged_bookings (id, until_ms) VALUES (1, ?)', now + UNTAGGED_RETRY_MS);
    record(sql, UNVERSIONED);
  });
  return UNVERSIONED;
}

/** Brings the object's storage to the last version, one migration (and its version) per transaction. */
export function migrate(storage: DurableObjectStorage, now = Date.now()): void {
  const from = recordedVersion(storage.sql) ?? adoptUnversioned(storage, now);
  for (let version = from + 1; version <= MIGRATIONS.length; version++)
    storage.transactionSync(() => {
      apply(storage.sql, MIGRATIONS[version - 1]);
      record(storage.sql, version);
    });
}
