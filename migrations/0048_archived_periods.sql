CREATE TABLE `archived_periods` (
	`kind` text NOT NULL,
	`lot_id` text NOT NULL,
	`month` text NOT NULL,
	`key` text NOT NULL,
	`rows` integer NOT NULL,
	`bytes` integer NOT NULL,
	`archived_at` text NOT NULL,
	PRIMARY KEY(`kind`, `lot_id`, `month`)
);
--> statement-breakpoint
-- A charge leaves D1 for the archive once its period is listed above (docs/payments.md, Archive): that
-- delete is a move, not a refund, so the rollups keep counting it. Any other delete still takes it out.
DROP TRIGGER `charges_rollup_delete`;--> statement-breakpoint
CREATE TRIGGER `charges_rollup_delete` AFTER DELETE ON `charges`
WHEN NOT EXISTS (SELECT 1 FROM archived_periods WHERE kind = 'charges' AND lot_id = OLD.lot_id AND month = substr(date(OLD.created_at, '+28800 seconds'), 1, 7))
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
