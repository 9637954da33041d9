CREATE TABLE `lot_pass_plans` (
	`lot_id` text PRIMARY KEY NOT NULL,
	`enabled` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`capacity` integer NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "lot_pass_plans_price_positive" CHECK("lot_pass_plans"."price_cents" > 0),
	CONSTRAINT "lot_pass_plans_capacity_positive" CHECK("lot_pass_plans"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE `monthly_passes` (
	`id` text PRIMARY KEY NOT NULL,
	`lot_id` text NOT NULL,
	`user_id` text NOT NULL,
	`plate` text NOT NULL,
	`month` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "monthly_passes_amount_positive" CHECK("monthly_passes"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `monthly_passes_plate_unique` ON `monthly_passes` (`lot_id`,`plate`,`month`);--> statement-breakpoint
CREATE INDEX `monthly_passes_lot_month_idx` ON `monthly_passes` (`lot_id`,`month`);--> statement-breakpoint
CREATE INDEX `monthly_passes_user_idx` ON `monthly_passes` (`user_id`,`month`);--> statement-breakpoint
ALTER TABLE `checkins` ADD `monthly_pass_id` text REFERENCES monthly_passes(id);--> statement-breakpoint
ALTER TABLE `owner_statements` ADD `monthly_passes_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A sale past the lot's passes for the month, or while the lot sells none, is refused by its own
-- insert: two drivers buying the last pass at once cannot both get it.
CREATE TRIGGER `monthly_passes_capacity` BEFORE INSERT ON `monthly_passes`
WHEN (SELECT count(*) FROM monthly_passes WHERE lot_id = NEW.lot_id AND month = NEW.month)
     >= coalesce((SELECT capacity FROM lot_pass_plans WHERE lot_id = NEW.lot_id AND enabled = 1), 0)
BEGIN
  SELECT RAISE(ABORT, 'monthly_passes_sold_out');
END;
--> statement-breakpoint
CREATE TRIGGER `monthly_passes_no_update` BEFORE UPDATE ON `monthly_passes`
BEGIN
  SELECT RAISE(ABORT, 'monthly_passes are append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `monthly_passes_no_delete` BEFORE DELETE ON `monthly_passes`
BEGIN
  SELECT RAISE(ABORT, 'monthly_passes are append-only');
END;
--> statement-breakpoint
-- A pass sold is money the lot received that day, through the wallet: the rollups count it like a charge.
CREATE TRIGGER `monthly_passes_rollup_insert` AFTER INSERT ON `monthly_passes`
BEGIN
  INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
    VALUES (NEW.lot_id, date(NEW.created_at, '+28800 seconds'), 'MONTHLY_PASS', 'wallet', NEW.amount_cents, 1)
    ON CONFLICT (lot_id, day, kind, method) DO UPDATE SET cents = cents + excluded.cents, items = items + excluded.items;
  INSERT INTO lot_money_hours (lot_id, day, hour, cents)
    VALUES (NEW.lot_id, date(NEW.created_at, '+28800 seconds'), CAST(strftime('%H', NEW.created_at, '+28800 seconds') AS INTEGER), NEW.amount_cents)
    ON CONFLICT (lot_id, day, hour) DO UPDATE SET cents = cents + excluded.cents;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    VALUES (NEW.lot_id, NEW.user_id, date(NEW.created_at, '+28800 seconds'), 0, NEW.amount_cents)
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
END;
