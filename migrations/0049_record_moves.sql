CREATE TABLE `record_moves` (
	`kind` text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- A stay moved into its lot's object (docs/gate.md, Where a stay lives) leaves D1 inside a batch that
-- holds a record_moves row: that delete is a move, so the rollups keep counting the stay. Any other
-- delete still takes its share out. The body is 0020's.
DROP TRIGGER `checkins_rollup_delete`;--> statement-breakpoint
CREATE TRIGGER `checkins_rollup_delete` AFTER DELETE ON `checkins`
  WHEN OLD.walk_in = 1 AND OLD.exit_ts IS NOT NULL AND NOT EXISTS (SELECT 1 FROM record_moves WHERE kind = 'stays')
BEGIN
  INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
    SELECT OLD.lot_id, date(OLD.exit_ts, '+28800 seconds'), 'WALK_IN', coalesce(OLD.paid_by, 'cash'), -OLD.amount_cents, -1
     WHERE OLD.walk_in = 1 AND OLD.reservation_id IS NULL AND OLD.undone_at IS NULL AND OLD.amount_cents IS NOT NULL AND OLD.exit_ts IS NOT NULL
    ON CONFLICT (lot_id, day, kind, method) DO UPDATE SET cents = cents + excluded.cents, items = items + excluded.items;
  INSERT INTO lot_money_hours (lot_id, day, hour, cents)
    SELECT OLD.lot_id, date(OLD.exit_ts, '+28800 seconds'), CAST(strftime('%H', OLD.exit_ts, '+28800 seconds') AS INTEGER), -OLD.amount_cents
     WHERE OLD.walk_in = 1 AND OLD.reservation_id IS NULL AND OLD.undone_at IS NULL AND OLD.amount_cents IS NOT NULL AND OLD.exit_ts IS NOT NULL
    ON CONFLICT (lot_id, day, hour) DO UPDATE SET cents = cents + excluded.cents;
  INSERT INTO lot_stay_hours (lot_id, hour, seconds)
    SELECT OLD.lot_id, h, -(min((unixepoch(OLD.exit_ts) + 28800), h + 3600) - max((unixepoch(OLD.entry_ts) + 28800), h))
      FROM (SELECT (unixepoch(OLD.entry_ts) + 28800) - (unixepoch(OLD.entry_ts) + 28800) % 3600 + (a.n * 1000 + b.n) * 3600 AS h
              FROM rollup_hours a JOIN rollup_hours b ON b.n < ((unixepoch(OLD.exit_ts) + 28800) - ((unixepoch(OLD.entry_ts) + 28800) - (unixepoch(OLD.entry_ts) + 28800) % 3600) + 3599) / 3600 - a.n * 1000
             WHERE a.n <= (((unixepoch(OLD.exit_ts) + 28800) - ((unixepoch(OLD.entry_ts) + 28800) - (unixepoch(OLD.entry_ts) + 28800) % 3600) + 3599) / 3600 - 1) / 1000)
     WHERE OLD.walk_in = 1 AND OLD.reservation_id IS NULL AND OLD.undone_at IS NULL AND OLD.exit_ts IS NOT NULL AND (unixepoch(OLD.exit_ts) + 28800) > (unixepoch(OLD.entry_ts) + 28800)
    ON CONFLICT (lot_id, hour) DO UPDATE SET seconds = seconds + excluded.seconds;
END;
