CREATE TABLE `lot_booking_days` (
	`lot_id` text NOT NULL,
	`day` text NOT NULL,
	`seconds` integer NOT NULL,
	`bookings` integer NOT NULL,
	PRIMARY KEY(`lot_id`, `day`, `seconds`)
);
--> statement-breakpoint
CREATE TABLE `lot_customer_days` (
	`lot_id` text NOT NULL,
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`bookings` integer NOT NULL,
	`cents` integer NOT NULL,
	PRIMARY KEY(`lot_id`, `user_id`, `day`)
);
--> statement-breakpoint
CREATE INDEX `lot_customer_days_day_idx` ON `lot_customer_days` (`lot_id`,`day`,`user_id`,`bookings`,`cents`);--> statement-breakpoint
CREATE TABLE `lot_money_days` (
	`lot_id` text NOT NULL,
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`method` text NOT NULL,
	`cents` integer NOT NULL,
	`items` integer NOT NULL,
	PRIMARY KEY(`lot_id`, `day`, `kind`, `method`)
);
--> statement-breakpoint
CREATE TABLE `lot_money_hours` (
	`lot_id` text NOT NULL,
	`day` text NOT NULL,
	`hour` integer NOT NULL,
	`cents` integer NOT NULL,
	PRIMARY KEY(`lot_id`, `day`, `hour`)
);
--> statement-breakpoint
CREATE TABLE `lot_stay_hours` (
	`lot_id` text NOT NULL,
	`hour` integer NOT NULL,
	`seconds` integer NOT NULL,
	PRIMARY KEY(`lot_id`, `hour`)
);
--> statement-breakpoint
ALTER TABLE `charges` ADD `method` text DEFAULT 'wallet' NOT NULL;--> statement-breakpoint
CREATE INDEX `checkins_inside_idx` ON `checkins` (`lot_id`,`entry_ts`) WHERE "checkins"."exit_ts" IS NULL AND "checkins"."undone_at" IS NULL;--> statement-breakpoint
-- Hand-written: the lot rollups (docs/owner.md, "Rollups"). Each record that counts toward a lot's
-- figures adds its share on insert, takes it back on delete, and an update does both, in the same
-- statement's transaction: the rollups always equal a recount of the records (rollups.test.ts).
-- A walk-in still inside counts from the records, live.
--
-- Charges at the gate say how they were paid (the check-out's paid_by).
UPDATE `charges` SET `method` = coalesce((SELECT `paid_by` FROM `checkins` WHERE `checkins`.`reservation_id` = `charges`.`reservation_id` AND `paid_by` IS NOT NULL LIMIT 1), 'wallet')
 WHERE `kind` IN ('OVERSTAY', 'WALK_IN');--> statement-breakpoint
-- 0 to 999: a stay is spread over its clock hours by joining this table with itself (hour
-- a × 1000 + b, so up to a million hours), since a trigger cannot use a recursive WITH.
CREATE TABLE `rollup_hours` (`n` integer PRIMARY KEY NOT NULL);--> statement-breakpoint
INSERT INTO `rollup_hours` (`n`) WITH RECURSIVE c(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM c WHERE n < 999) SELECT n FROM c;
--> statement-breakpoint
-- The records already there, counted once.
INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
SELECT lot_id, date(at, '+28800 seconds'), kind, method, sum(cents), count(*) FROM (
  SELECT coalesce(c.lot_id, r.lot_id) AS lot_id, c.created_at AS at, c.kind AS kind, c.method AS method, c.amount_cents AS cents
    FROM charges c JOIN reservations r ON r.id = c.reservation_id
  UNION ALL
  SELECT lot_id, exit_ts, 'WALK_IN', coalesce(paid_by, 'cash'), amount_cents FROM checkins x WHERE x.walk_in = 1 AND x.reservation_id IS NULL AND x.undone_at IS NULL AND x.amount_cents IS NOT NULL AND x.exit_ts IS NOT NULL
  UNION ALL
  SELECT k.lot_id, g.created_at, 'REFUND', g.method, -g.amount_cents FROM gate_refunds g JOIN checkins k ON k.id = g.checkin_id
) GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO lot_money_hours (lot_id, day, hour, cents)
SELECT lot_id, date(at, '+28800 seconds'), CAST(strftime('%H', at, '+28800 seconds') AS INTEGER), sum(cents) FROM (
  SELECT coalesce(c.lot_id, r.lot_id) AS lot_id, c.created_at AS at, c.kind AS kind, c.method AS method, c.amount_cents AS cents
    FROM charges c JOIN reservations r ON r.id = c.reservation_id
  UNION ALL
  SELECT lot_id, exit_ts, 'WALK_IN', coalesce(paid_by, 'cash'), amount_cents FROM checkins x WHERE x.walk_in = 1 AND x.reservation_id IS NULL AND x.undone_at IS NULL AND x.amount_cents IS NOT NULL AND x.exit_ts IS NOT NULL
  UNION ALL
  SELECT k.lot_id, g.created_at, 'REFUND', g.method, -g.amount_cents FROM gate_refunds g JOIN checkins k ON k.id = g.checkin_id
) GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO lot_booking_days (lot_id, day, seconds, bookings)
SELECT lot_id, date(start_ts, '+28800 seconds'), unixepoch(end_ts) - unixepoch(start_ts), count(*) FROM reservations WHERE status <> 'CANCELLED' GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO lot_stay_hours (lot_id, hour, seconds)
SELECT lot_id, h, sum(min(e, h + 3600) - max(s, h)) FROM (
  SELECT lot_id, s, e, s - s % 3600 + (a.n * 1000 + b.n) * 3600 AS h FROM (
    SELECT lot_id, (unixepoch(start_ts) + 28800) AS s, (unixepoch(end_ts) + 28800) AS e FROM reservations WHERE status IN ('CONFIRMED', 'ACTIVE', 'COMPLETED')
    UNION ALL
    SELECT lot_id, (unixepoch(entry_ts) + 28800), (unixepoch(exit_ts) + 28800) FROM checkins x WHERE x.walk_in = 1 AND x.reservation_id IS NULL AND x.undone_at IS NULL AND x.exit_ts IS NOT NULL
  ) JOIN rollup_hours a ON a.n <= ((e - (s - s % 3600) + 3599) / 3600 - 1) / 1000
    JOIN rollup_hours b ON b.n < (e - (s - s % 3600) + 3599) / 3600 - a.n * 1000
  WHERE e > s
) GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
SELECT lot_id, user_id, day, sum(bookings), sum(cents) FROM (
  SELECT lot_id, user_id, date(start_ts, '+28800 seconds') AS day, 1 AS bookings, 0 AS cents FROM reservations WHERE status <> 'CANCELLED'
  UNION ALL
  SELECT coalesce(c.lot_id, r.lot_id), r.user_id, date(c.created_at, '+28800 seconds'), 0, c.amount_cents FROM charges c JOIN reservations r ON r.id = c.reservation_id
  UNION ALL
  SELECT k.lot_id, r.user_id, date(g.created_at, '+28800 seconds'), 0, -g.amount_cents FROM gate_refunds g JOIN checkins k ON k.id = g.checkin_id JOIN reservations r ON r.id = k.reservation_id
) GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER `charges_rollup_insert` AFTER INSERT ON `charges`
BEGIN
  INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
    SELECT coalesce(NEW.lot_id, (SELECT lot_id FROM reservations WHERE id = NEW.reservation_id)), date(NEW.created_at, '+28800 seconds'), NEW.kind, NEW.method, NEW.amount_cents, 1
     WHERE true
    ON CONFLICT (lot_id, day, kind, method) DO UPDATE SET cents = cents + excluded.cents, items = items + excluded.items;
  INSERT INTO lot_money_hours (lot_id, day, hour, cents)
    SELECT coalesce(NEW.lot_id, (SELECT lot_id FROM reservations WHERE id = NEW.reservation_id)), date(NEW.created_at, '+28800 seconds'), CAST(strftime('%H', NEW.created_at, '+28800 seconds') AS INTEGER), NEW.amount_cents
     WHERE true
    ON CONFLICT (lot_id, day, hour) DO UPDATE SET cents = cents + excluded.cents;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT coalesce(NEW.lot_id, (SELECT lot_id FROM reservations WHERE id = NEW.reservation_id)), (SELECT user_id FROM reservations WHERE id = NEW.reservation_id), date(NEW.created_at, '+28800 seconds'), 0, NEW.amount_cents
     WHERE (SELECT user_id FROM reservations WHERE id = NEW.reservation_id) IS NOT NULL
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER `charges_rollup_delete` AFTER DELETE ON `charges`
BEGIN
  INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
    SELECT coalesce(OLD.lot_id, (SELECT lot_id FROM reservations WHERE id = OLD.reservation_id)), date(OLD.created_at, '+28800 seconds'), OLD.kind, OLD.method, -OLD.amount_cents, -1
     WHERE true
    ON CONFLICT (lot_id, day, kind, method) DO UPDATE SET cents = cents + excluded.cents, items = items + excluded.items;
  INSERT INTO lot_money_hours (lot_id, day, hour, cents)
    SELECT coalesce(OLD.lot_id, (SELECT lot_id FROM reservations WHERE id = OLD.reservation_id)), date(OLD.created_at, '+28800 seconds'), CAST(strftime('%H', OLD.created_at, '+28800 seconds') AS INTEGER), -OLD.amount_cents
     WHERE true
    ON CONFLICT (lot_id, day, hour) DO UPDATE SET cents = cents + excluded.cents;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT coalesce(OLD.lot_id, (SELECT lot_id FROM reservations WHERE id = OLD.reservation_id)), (SELECT user_id FROM reservations WHERE id = OLD.reservation_id), date(OLD.created_at, '+28800 seconds'), 0, -OLD.amount_cents
     WHERE (SELECT user_id FROM reservations WHERE id = OLD.reservation_id) IS NOT NULL
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER `charges_rollup_update` AFTER UPDATE OF reservation_id, kind, amount_cents, method, created_at ON `charges`
BEGIN
  INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
    SELECT coalesce(OLD.lot_id, (SELECT lot_id FROM reservations WHERE id = OLD.reservation_id)), date(OLD.created_at, '+28800 seconds'), OLD.kind, OLD.method, -OLD.amount_cents, -1
     WHERE true
    ON CONFLICT (lot_id, day, kind, method) DO UPDATE SET cents = cents + excluded.cents, items = items + excluded.items;
  INSERT INTO lot_money_hours (lot_id, day, hour, cents)
    SELECT coalesce(OLD.lot_id, (SELECT lot_id FROM reservations WHERE id = OLD.reservation_id)), date(OLD.created_at, '+28800 seconds'), CAST(strftime('%H', OLD.created_at, '+28800 seconds') AS INTEGER), -OLD.amount_cents
     WHERE true
    ON CONFLICT (lot_id, day, hour) DO UPDATE SET cents = cents + excluded.cents;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT coalesce(OLD.lot_id, (SELECT lot_id FROM reservations WHERE id = OLD.reservation_id)), (SELECT user_id FROM reservations WHERE id = OLD.reservation_id), date(OLD.created_at, '+28800 seconds'), 0, -OLD.amount_cents
     WHERE (SELECT user_id FROM reservations WHERE id = OLD.reservation_id) IS NOT NULL
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
  INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
    SELECT coalesce(NEW.lot_id, (SELECT lot_id FROM reservations WHERE id = NEW.reservation_id)), date(NEW.created_at, '+28800 seconds'), NEW.kind, NEW.method, NEW.amount_cents, 1
     WHERE true
    ON CONFLICT (lot_id, day, kind, method) DO UPDATE SET cents = cents + excluded.cents, items = items + excluded.items;
  INSERT INTO lot_money_hours (lot_id, day, hour, cents)
    SELECT coalesce(NEW.lot_id, (SELECT lot_id FROM reservations WHERE id = NEW.reservation_id)), date(NEW.created_at, '+28800 seconds'), CAST(strftime('%H', NEW.created_at, '+28800 seconds') AS INTEGER), NEW.amount_cents
     WHERE true
    ON CONFLICT (lot_id, day, hour) DO UPDATE SET cents = cents + excluded.cents;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT coalesce(NEW.lot_id, (SELECT lot_id FROM reservations WHERE id = NEW.reservation_id)), (SELECT user_id FROM reservations WHERE id = NEW.reservation_id), date(NEW.created_at, '+28800 seconds'), 0, NEW.amount_cents
     WHERE (SELECT user_id FROM reservations WHERE id = NEW.reservation_id) IS NOT NULL
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER `gate_refunds_rollup_insert` AFTER INSERT ON `gate_refunds`
BEGIN
  INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
    SELECT (SELECT lot_id FROM checkins WHERE id = NEW.checkin_id), date(NEW.created_at, '+28800 seconds'), 'REFUND', NEW.method, -NEW.amount_cents, 1
     WHERE true
    ON CONFLICT (lot_id, day, kind, method) DO UPDATE SET cents = cents + excluded.cents, items = items + excluded.items;
  INSERT INTO lot_money_hours (lot_id, day, hour, cents)
    SELECT (SELECT lot_id FROM checkins WHERE id = NEW.checkin_id), date(NEW.created_at, '+28800 seconds'), CAST(strftime('%H', NEW.created_at, '+28800 seconds') AS INTEGER), -NEW.amount_cents
     WHERE true
    ON CONFLICT (lot_id, day, hour) DO UPDATE SET cents = cents + excluded.cents;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT (SELECT lot_id FROM checkins WHERE id = NEW.checkin_id), (SELECT r.user_id FROM checkins k JOIN reservations r ON r.id = k.reservation_id WHERE k.id = NEW.checkin_id), date(NEW.created_at, '+28800 seconds'), 0, -NEW.amount_cents
     WHERE (SELECT r.user_id FROM checkins k JOIN reservations r ON r.id = k.reservation_id WHERE k.id = NEW.checkin_id) IS NOT NULL
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER `gate_refunds_rollup_delete` AFTER DELETE ON `gate_refunds`
BEGIN
  INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
    SELECT (SELECT lot_id FROM checkins WHERE id = OLD.checkin_id), date(OLD.created_at, '+28800 seconds'), 'REFUND', OLD.method, OLD.amount_cents, -1
     WHERE true
    ON CONFLICT (lot_id, day, kind, method) DO UPDATE SET cents = cents + excluded.cents, items = items + excluded.items;
  INSERT INTO lot_money_hours (lot_id, day, hour, cents)
    SELECT (SELECT lot_id FROM checkins WHERE id = OLD.checkin_id), date(OLD.created_at, '+28800 seconds'), CAST(strftime('%H', OLD.created_at, '+28800 seconds') AS INTEGER), OLD.amount_cents
     WHERE true
    ON CONFLICT (lot_id, day, hour) DO UPDATE SET cents = cents + excluded.cents;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT (SELECT lot_id FROM checkins WHERE id = OLD.checkin_id), (SELECT r.user_id FROM checkins k JOIN reservations r ON r.id = k.reservation_id WHERE k.id = OLD.checkin_id), date(OLD.created_at, '+28800 seconds'), 0, OLD.amount_cents
     WHERE (SELECT r.user_id FROM checkins k JOIN reservations r ON r.id = k.reservation_id WHERE k.id = OLD.checkin_id) IS NOT NULL
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER `checkins_rollup_insert` AFTER INSERT ON `checkins`
  WHEN NEW.walk_in = 1 AND NEW.exit_ts IS NOT NULL
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
--> statement-breakpoint
CREATE TRIGGER `checkins_rollup_delete` AFTER DELETE ON `checkins`
  WHEN OLD.walk_in = 1 AND OLD.exit_ts IS NOT NULL
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
--> statement-breakpoint
CREATE TRIGGER `checkins_rollup_update` AFTER UPDATE OF lot_id, reservation_id, walk_in, entry_ts, exit_ts, amount_cents, paid_by, undone_at ON `checkins`
  WHEN OLD.walk_in = 1 OR NEW.walk_in = 1
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
--> statement-breakpoint
CREATE TRIGGER `checkins_customer_update` AFTER UPDATE OF lot_id, reservation_id ON `checkins`
BEGIN
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT OLD.lot_id, r.user_id, date(g.created_at, '+28800 seconds'), 0, g.amount_cents
      FROM gate_refunds g JOIN reservations r ON r.id = OLD.reservation_id
     WHERE g.checkin_id = OLD.id
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT NEW.lot_id, r.user_id, date(g.created_at, '+28800 seconds'), 0, -g.amount_cents
      FROM gate_refunds g JOIN reservations r ON r.id = NEW.reservation_id
     WHERE g.checkin_id = NEW.id
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER `reservations_rollup_insert` AFTER INSERT ON `reservations`
BEGIN
  INSERT INTO lot_booking_days (lot_id, day, seconds, bookings)
    SELECT NEW.lot_id, date(NEW.start_ts, '+28800 seconds'), unixepoch(NEW.end_ts) - unixepoch(NEW.start_ts), 1
     WHERE NEW.status <> 'CANCELLED'
    ON CONFLICT (lot_id, day, seconds) DO UPDATE SET bookings = bookings + excluded.bookings;
  INSERT INTO lot_stay_hours (lot_id, hour, seconds)
    SELECT NEW.lot_id, h, (min((unixepoch(NEW.end_ts) + 28800), h + 3600) - max((unixepoch(NEW.start_ts) + 28800), h))
      FROM (SELECT (unixepoch(NEW.start_ts) + 28800) - (unixepoch(NEW.start_ts) + 28800) % 3600 + (a.n * 1000 + b.n) * 3600 AS h
              FROM rollup_hours a JOIN rollup_hours b ON b.n < ((unixepoch(NEW.end_ts) + 28800) - ((unixepoch(NEW.start_ts) + 28800) - (unixepoch(NEW.start_ts) + 28800) % 3600) + 3599) / 3600 - a.n * 1000
             WHERE a.n <= (((unixepoch(NEW.end_ts) + 28800) - ((unixepoch(NEW.start_ts) + 28800) - (unixepoch(NEW.start_ts) + 28800) % 3600) + 3599) / 3600 - 1) / 1000)
     WHERE NEW.status IN ('CONFIRMED', 'ACTIVE', 'COMPLETED') AND (unixepoch(NEW.end_ts) + 28800) > (unixepoch(NEW.start_ts) + 28800)
    ON CONFLICT (lot_id, hour) DO UPDATE SET seconds = seconds + excluded.seconds;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT NEW.lot_id, NEW.user_id, date(NEW.start_ts, '+28800 seconds'), 1, 0
     WHERE NEW.status <> 'CANCELLED'
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER `reservations_rollup_delete` AFTER DELETE ON `reservations`
BEGIN
  INSERT INTO lot_booking_days (lot_id, day, seconds, bookings)
    SELECT OLD.lot_id, date(OLD.start_ts, '+28800 seconds'), unixepoch(OLD.end_ts) - unixepoch(OLD.start_ts), -1
     WHERE OLD.status <> 'CANCELLED'
    ON CONFLICT (lot_id, day, seconds) DO UPDATE SET bookings = bookings + excluded.bookings;
  INSERT INTO lot_stay_hours (lot_id, hour, seconds)
    SELECT OLD.lot_id, h, -(min((unixepoch(OLD.end_ts) + 28800), h + 3600) - max((unixepoch(OLD.start_ts) + 28800), h))
      FROM (SELECT (unixepoch(OLD.start_ts) + 28800) - (unixepoch(OLD.start_ts) + 28800) % 3600 + (a.n * 1000 + b.n) * 3600 AS h
              FROM rollup_hours a JOIN rollup_hours b ON b.n < ((unixepoch(OLD.end_ts) + 28800) - ((unixepoch(OLD.start_ts) + 28800) - (unixepoch(OLD.start_ts) + 28800) % 3600) + 3599) / 3600 - a.n * 1000
             WHERE a.n <= (((unixepoch(OLD.end_ts) + 28800) - ((unixepoch(OLD.start_ts) + 28800) - (unixepoch(OLD.start_ts) + 28800) % 3600) + 3599) / 3600 - 1) / 1000)
     WHERE OLD.status IN ('CONFIRMED', 'ACTIVE', 'COMPLETED') AND (unixepoch(OLD.end_ts) + 28800) > (unixepoch(OLD.start_ts) + 28800)
    ON CONFLICT (lot_id, hour) DO UPDATE SET seconds = seconds + excluded.seconds;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT OLD.lot_id, OLD.user_id, date(OLD.start_ts, '+28800 seconds'), -1, 0
     WHERE OLD.status <> 'CANCELLED'
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER `reservations_customer_delete` BEFORE DELETE ON `reservations`
BEGIN
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT coalesce(c.lot_id, OLD.lot_id), OLD.user_id, date(c.created_at, '+28800 seconds'), 0, -c.amount_cents
      FROM charges c
     WHERE c.reservation_id = OLD.id
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER `reservations_rollup_update` AFTER UPDATE OF lot_id, user_id, status, start_ts, end_ts ON `reservations`
BEGIN
  INSERT INTO lot_booking_days (lot_id, day, seconds, bookings)
    SELECT OLD.lot_id, date(OLD.start_ts, '+28800 seconds'), unixepoch(OLD.end_ts) - unixepoch(OLD.start_ts), -1
     WHERE OLD.status <> 'CANCELLED'
    ON CONFLICT (lot_id, day, seconds) DO UPDATE SET bookings = bookings + excluded.bookings;
  INSERT INTO lot_stay_hours (lot_id, hour, seconds)
    SELECT OLD.lot_id, h, -(min((unixepoch(OLD.end_ts) + 28800), h + 3600) - max((unixepoch(OLD.start_ts) + 28800), h))
      FROM (SELECT (unixepoch(OLD.start_ts) + 28800) - (unixepoch(OLD.start_ts) + 28800) % 3600 + (a.n * 1000 + b.n) * 3600 AS h
              FROM rollup_hours a JOIN rollup_hours b ON b.n < ((unixepoch(OLD.end_ts) + 28800) - ((unixepoch(OLD.start_ts) + 28800) - (unixepoch(OLD.start_ts) + 28800) % 3600) + 3599) / 3600 - a.n * 1000
             WHERE a.n <= (((unixepoch(OLD.end_ts) + 28800) - ((unixepoch(OLD.start_ts) + 28800) - (unixepoch(OLD.start_ts) + 28800) % 3600) + 3599) / 3600 - 1) / 1000)
     WHERE OLD.status IN ('CONFIRMED', 'ACTIVE', 'COMPLETED') AND (unixepoch(OLD.end_ts) + 28800) > (unixepoch(OLD.start_ts) + 28800)
    ON CONFLICT (lot_id, hour) DO UPDATE SET seconds = seconds + excluded.seconds;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT OLD.lot_id, OLD.user_id, date(OLD.start_ts, '+28800 seconds'), -1, 0
     WHERE OLD.status <> 'CANCELLED'
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
  INSERT INTO lot_booking_days (lot_id, day, seconds, bookings)
    SELECT NEW.lot_id, date(NEW.start_ts, '+28800 seconds'), unixepoch(NEW.end_ts) - unixepoch(NEW.start_ts), 1
     WHERE NEW.status <> 'CANCELLED'
    ON CONFLICT (lot_id, day, seconds) DO UPDATE SET bookings = bookings + excluded.bookings;
  INSERT INTO lot_stay_hours (lot_id, hour, seconds)
    SELECT NEW.lot_id, h, (min((unixepoch(NEW.end_ts) + 28800), h + 3600) - max((unixepoch(NEW.start_ts) + 28800), h))
      FROM (SELECT (unixepoch(NEW.start_ts) + 28800) - (unixepoch(NEW.start_ts) + 28800) % 3600 + (a.n * 1000 + b.n) * 3600 AS h
              FROM rollup_hours a JOIN rollup_hours b ON b.n < ((unixepoch(NEW.end_ts) + 28800) - ((unixepoch(NEW.start_ts) + 28800) - (unixepoch(NEW.start_ts) + 28800) % 3600) + 3599) / 3600 - a.n * 1000
             WHERE a.n <= (((unixepoch(NEW.end_ts) + 28800) - ((unixepoch(NEW.start_ts) + 28800) - (unixepoch(NEW.start_ts) + 28800) % 3600) + 3599) / 3600 - 1) / 1000)
     WHERE NEW.status IN ('CONFIRMED', 'ACTIVE', 'COMPLETED') AND (unixepoch(NEW.end_ts) + 28800) > (unixepoch(NEW.start_ts) + 28800)
    ON CONFLICT (lot_id, hour) DO UPDATE SET seconds = seconds + excluded.seconds;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT NEW.lot_id, NEW.user_id, date(NEW.start_ts, '+28800 seconds'), 1, 0
     WHERE NEW.status <> 'CANCELLED'
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
END;
