-- A stay moved into its lot's object comes back into D1 when a row comes to name it (a gate refund, a
-- declared exit reopened: docs/gate.md, Where a stay lives), inside a batch that holds a record_moves
-- row: that insert is a move back, and the rollups, which kept counting the stay, do not count it again.
-- Any other insert counts as before. The body is 0020's.
DROP TRIGGER `checkins_rollup_insert`;--> statement-breakpoint
CREATE TRIGGER `checkins_rollup_insert` AFTER INSERT ON `checkins`
  WHEN NEW.walk_in = 1 AND NEW.exit_ts IS NOT NULL AND NOT EXISTS (SELECT 1 FROM record_moves WHERE kind = 'stays')
BEGIN
  INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
    SELECT NEW.lot_id, date(NEW.exit_ts, '+28800 seconds'), 'WALK_IN', coalesce(NEW.paid_by, 'cash'), NEW.amount_cents, 1
     WHERE NEW.walk_in = 1 AND NEW.reservation_id IS NULL AND NEW.undone_at IS NULL AND NEW.amount_cents IS NOT NULL AND NEW.exit_ts IS NOT NULL
    ON CONFLICT (lot_id, day, kind, method) DO UPDATE SET cents = cents + excluded.cents, items = items + excluded.items;
  INSERT INTO lot_money_hours (lot_id, day, hour, cents)
    SELECT NEW.lot_id, date(NEW.exit_ts, '+28800 seconds'), CAST(strftime('%H', NEW.exit_ts, '+28800 seconds') AS INTEGER), NEW.amount_cents
     WHERE NEW.walk_in = 1 AND NEW.reservation_id IS NULL AND NEW.undone_at IS NULL AND NEW.amount_cents IS NOT NULL AND NEW.exit_ts IS NOT NULL
    ON CONFLICT (lot_id, day, hour) DO UPDATE SET cents = cents + excluded.cents;
  INSERT INTO lot_stay_hours (lot_id, hour, seconds)
    SELECT NEW.lot_id, h, (min((unixepoch(NEW.exit_ts) + 28800), h + 3600) - max((unixepoch(NEW.entry_ts) + 28800), h))
      FROM (SELECT (unixepoch(NEW.entry_ts) + 28800) - (unixepoch(NEW.entry_ts) + 28800) % 3600 + (a.n * 1000 + b.n) * 3600 AS h
              FROM rollup_hours a JOIN rollup_hours b ON b.n < ((unixepoch(NEW.exit_ts) + 28800) - ((unixepoch(NEW.entry_ts) + 28800) - (unixepoch(NEW.entry_ts) + 28800) % 3600) + 3599) / 3600 - a.n * 1000
             WHERE a.n <= (((unixepoch(NEW.exit_ts) + 28800) - ((unixepoch(NEW.entry_ts) + 28800) - (unixepoch(NEW.entry_ts) + 28800) % 3600) + 3599) / 3600 - 1) / 1000)
     WHERE NEW.walk_in = 1 AND NEW.reservation_id IS NULL AND NEW.undone_at IS NULL AND NEW.exit_ts IS NOT NULL AND (unixepoch(NEW.exit_ts) + 28800) > (unixepoch(NEW.entry_ts) + 28800)
    ON CONFLICT (lot_id, hour) DO UPDATE SET seconds = seconds + excluded.seconds;
END;
