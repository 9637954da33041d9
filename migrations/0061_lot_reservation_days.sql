-- Hand-written after drizzle-kit's table: WITHOUT ROWID (each row is its key), the fill and the triggers.
-- The super admin's platform figures (docs/admin.md, Tenants and platform metrics) read this table, not
-- D1's reservations, so a booking moved to the archive still counts. A reservation adds, on the Manila day
-- of its start, one booking and whether it was cancelled or expired (a no-show); one that holds or held
-- its slot (CONFIRMED, ACTIVE, COMPLETED) adds the slot-seconds of each Manila day its window covers,
-- spread by joining `rollup_hours` (0–999, migration 0020) as days. As in 0020, an insert adds the
-- record's share, a delete takes it back and an update does both, in the write's own transaction.
CREATE TABLE `lot_reservation_days` (
	`lot_id` text NOT NULL,
	`day` text NOT NULL,
	`reservations` integer NOT NULL,
	`cancelled` integer NOT NULL,
	`no_shows` integer NOT NULL,
	`kept_seconds` integer NOT NULL,
	PRIMARY KEY(`lot_id`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
-- The reservations already there, counted once (the archive's move was never queued: none is in R2).
INSERT INTO lot_reservation_days (lot_id, day, reservations, cancelled, no_shows, kept_seconds)
SELECT lot_id, day, sum(reservations), sum(cancelled), sum(no_shows), sum(kept_seconds) FROM (
  SELECT lot_id, date(start_ts, '+28800 seconds') AS day, 1 AS reservations, status = 'CANCELLED' AS cancelled, status = 'EXPIRED' AS no_shows, 0 AS kept_seconds
    FROM reservations
  UNION ALL
  SELECT lot_id, date(d, 'unixepoch'), 0, 0, 0, min(e, d + 86400) - max(s, d)
    FROM (SELECT lot_id, s, e, s - s % 86400 + n * 86400 AS d
            FROM (SELECT lot_id, unixepoch(start_ts) + 28800 AS s, unixepoch(end_ts) + 28800 AS e FROM reservations WHERE status IN ('CONFIRMED', 'ACTIVE', 'COMPLETED'))
            JOIN rollup_hours ON n < (e - (s - s % 86400) + 86399) / 86400)
   WHERE e > s
) GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER `reservations_days_insert` AFTER INSERT ON `reservations`
BEGIN
  INSERT INTO lot_reservation_days (lot_id, day, reservations, cancelled, no_shows, kept_seconds)
    SELECT NEW.lot_id, date(NEW.start_ts, '+28800 seconds'), 1, (NEW.status = 'CANCELLED'), (NEW.status = 'EXPIRED'), 0
    UNION ALL
    SELECT NEW.lot_id, date(d, 'unixepoch'), 0, 0, 0, (min(e, d + 86400) - max(s, d))
      FROM (SELECT s, e, s - s % 86400 + n * 86400 AS d
              FROM (SELECT unixepoch(NEW.start_ts) + 28800 AS s, unixepoch(NEW.end_ts) + 28800 AS e)
              JOIN rollup_hours ON n < (e - (s - s % 86400) + 86399) / 86400)
     WHERE NEW.status IN ('CONFIRMED', 'ACTIVE', 'COMPLETED') AND e > s
    ON CONFLICT (lot_id, day) DO UPDATE SET reservations = reservations + excluded.reservations, cancelled = cancelled + excluded.cancelled,
      no_shows = no_shows + excluded.no_shows, kept_seconds = kept_seconds + excluded.kept_seconds;
END;
--> statement-breakpoint
-- Only a change of the share: a check-in (CONFIRMED to ACTIVE) or a check-out (to COMPLETED) keeps it.
CREATE TRIGGER `reservations_days_update` AFTER UPDATE OF lot_id, status, start_ts, end_ts ON `reservations`
WHEN OLD.lot_id IS NOT NEW.lot_id OR OLD.start_ts IS NOT NEW.start_ts OR OLD.end_ts IS NOT NEW.end_ts
  OR (OLD.status IS NOT NEW.status AND NOT (OLD.status IN ('CONFIRMED', 'ACTIVE', 'COMPLETED') AND NEW.status IN ('CONFIRMED', 'ACTIVE', 'COMPLETED')))
BEGIN
  INSERT INTO lot_reservation_days (lot_id, day, reservations, cancelled, no_shows, kept_seconds)
    SELECT OLD.lot_id, date(OLD.start_ts, '+28800 seconds'), -1, -(OLD.status = 'CANCELLED'), -(OLD.status = 'EXPIRED'), 0
    UNION ALL
    SELECT OLD.lot_id, date(d, 'unixepoch'), 0, 0, 0, -(min(e, d + 86400) - max(s, d))
      FROM (SELECT s, e, s - s % 86400 + n * 86400 AS d
              FROM (SELECT unixepoch(OLD.start_ts) + 28800 AS s, unixepoch(OLD.end_ts) + 28800 AS e)
              JOIN rollup_hours ON n < (e - (s - s % 86400) + 86399) / 86400)
     WHERE OLD.status IN ('CONFIRMED', 'ACTIVE', 'COMPLETED') AND e > s
    ON CONFLICT (lot_id, day) DO UPDATE SET reservations = reservations + excluded.reservations, cancelled = cancelled + excluded.cancelled,
      no_shows = no_shows + excluded.no_shows, kept_seconds = kept_seconds + excluded.kept_seconds;
  INSERT INTO lot_reservation_days (lot_id, day, reservations, cancelled, no_shows, kept_seconds)
    SELECT NEW.lot_id, date(NEW.start_ts, '+28800 seconds'), 1, (NEW.status = 'CANCELLED'), (NEW.status = 'EXPIRED'), 0
    UNION ALL
    SELECT NEW.lot_id, date(d, 'unixepoch'), 0, 0, 0, (min(e, d + 86400) - max(s, d))
      FROM (SELECT s, e, s - s % 86400 + n * 86400 AS d
              FROM (SELECT unixepoch(NEW.start_ts) + 28800 AS s, unixepoch(NEW.end_ts) + 28800 AS e)
              JOIN rollup_hours ON n < (e - (s - s % 86400) + 86399) / 86400)
     WHERE NEW.status IN ('CONFIRMED', 'ACTIVE', 'COMPLETED') AND e > s
    ON CONFLICT (lot_id, day) DO UPDATE SET reservations = reservations + excluded.reservations, cancelled = cancelled + excluded.cancelled,
      no_shows = no_shows + excluded.no_shows, kept_seconds = kept_seconds + excluded.kept_seconds;
END;
--> statement-breakpoint
-- A booking leaving D1 for the archive (its period listed in archived_periods, in the move's own batch:
-- migration 0059) keeps counting; any other delete takes it out.
CREATE TRIGGER `reservations_days_delete` AFTER DELETE ON `reservations`
WHEN NOT EXISTS (SELECT 1 FROM archived_periods WHERE kind = 'reservations' AND lot_id = OLD.lot_id AND month = substr(date(OLD.end_ts, '+28800 seconds'), 1, 7))
BEGIN
  INSERT INTO lot_reservation_days (lot_id, day, reservations, cancelled, no_shows, kept_seconds)
    SELECT OLD.lot_id, date(OLD.start_ts, '+28800 seconds'), -1, -(OLD.status = 'CANCELLED'), -(OLD.status = 'EXPIRED'), 0
    UNION ALL
    SELECT OLD.lot_id, date(d, 'unixepoch'), 0, 0, 0, -(min(e, d + 86400) - max(s, d))
      FROM (SELECT s, e, s - s % 86400 + n * 86400 AS d
              FROM (SELECT unixepoch(OLD.start_ts) + 28800 AS s, unixepoch(OLD.end_ts) + 28800 AS e)
              JOIN rollup_hours ON n < (e - (s - s % 86400) + 86399) / 86400)
     WHERE OLD.status IN ('CONFIRMED', 'ACTIVE', 'COMPLETED') AND e > s
    ON CONFLICT (lot_id, day) DO UPDATE SET reservations = reservations + excluded.reservations, cancelled = cancelled + excluded.cancelled,
      no_shows = no_shows + excluded.no_shows, kept_seconds = kept_seconds + excluded.kept_seconds;
END;
