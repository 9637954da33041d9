CREATE TABLE `monthly_passes` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`lot_id` text NOT NULL,
	`user_id` text NOT NULL,
	`plate` text NOT NULL,
	`vehicle_type` text DEFAULT 'car' NOT NULL,
	`period_kind` text NOT NULL,
	`valid_from` text NOT NULL,
	`valid_until` text NOT NULL,
	`days_mask` integer NOT NULL,
	`open_minute` integer NOT NULL,
	`close_minute` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`auto_renew` integer DEFAULT false NOT NULL,
	`renews_id` text,
	`renewal` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `pass_products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`renews_id`) REFERENCES `monthly_passes`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "monthly_passes_amount_positive" CHECK("monthly_passes"."amount_cents" > 0),
	CONSTRAINT "monthly_passes_window" CHECK("monthly_passes"."valid_until" > "monthly_passes"."valid_from")
);
--> statement-breakpoint
CREATE INDEX `monthly_passes_lot_idx` ON `monthly_passes` (`lot_id`,`valid_until`);--> statement-breakpoint
CREATE INDEX `monthly_passes_product_idx` ON `monthly_passes` (`product_id`,`valid_until`);--> statement-breakpoint
CREATE INDEX `monthly_passes_plate_idx` ON `monthly_passes` (`lot_id`,`plate`,`valid_until`);--> statement-breakpoint
CREATE INDEX `monthly_passes_user_idx` ON `monthly_passes` (`user_id`,`valid_until`);--> statement-breakpoint
CREATE UNIQUE INDEX `monthly_passes_renewal_unique` ON `monthly_passes` (`renews_id`);--> statement-breakpoint
CREATE TABLE `pass_products` (
	`id` text PRIMARY KEY NOT NULL,
	`lot_id` text NOT NULL,
	`name` text NOT NULL,
	`price_cents` integer NOT NULL,
	`days_mask` integer NOT NULL,
	`open_minute` integer NOT NULL,
	`close_minute` integer NOT NULL,
	`quantity` integer NOT NULL,
	`paused` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "pass_products_price_positive" CHECK("pass_products"."price_cents" > 0),
	CONSTRAINT "pass_products_quantity_positive" CHECK("pass_products"."quantity" > 0),
	CONSTRAINT "pass_products_hours" CHECK("pass_products"."open_minute" >= 0 AND "pass_products"."close_minute" <= 1440 AND "pass_products"."open_minute" < "pass_products"."close_minute")
);
--> statement-breakpoint
CREATE INDEX `pass_products_lot_idx` ON `pass_products` (`lot_id`);--> statement-breakpoint
ALTER TABLE `checkins` ADD `monthly_pass_id` text REFERENCES monthly_passes(id);--> statement-breakpoint
ALTER TABLE `owner_statements` ADD `monthly_passes_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A sale past the product's passes valid at once, or of a paused product (a renewal excepted), is
-- refused by its own insert: two drivers buying the last pass at once cannot both get it.
CREATE TRIGGER `monthly_passes_on_sale` BEFORE INSERT ON `monthly_passes`
WHEN (SELECT count(*) FROM monthly_passes p
       WHERE p.product_id = NEW.product_id AND p.valid_from < NEW.valid_until AND p.valid_until > NEW.valid_from)
     >= (SELECT quantity FROM pass_products WHERE id = NEW.product_id)
  OR (NEW.renews_id IS NULL AND (SELECT paused FROM pass_products WHERE id = NEW.product_id) = 1)
BEGIN
  SELECT RAISE(ABORT, 'monthly_passes_sold_out');
END;
--> statement-breakpoint
-- A pass sold stays as sold: only its auto-renew switch and what became of it change.
CREATE TRIGGER `monthly_passes_fixed` BEFORE UPDATE OF id, product_id, lot_id, user_id, plate, vehicle_type, period_kind, valid_from, valid_until, days_mask, open_minute, close_minute, amount_cents, renews_id, created_at ON `monthly_passes`
BEGIN
  SELECT RAISE(ABORT, 'monthly_passes are kept as sold');
END;
--> statement-breakpoint
CREATE TRIGGER `monthly_passes_no_delete` BEFORE DELETE ON `monthly_passes`
BEGIN
  SELECT RAISE(ABORT, 'monthly_passes are kept as sold');
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
--> statement-breakpoint
-- A plate holds one pass at a lot at a time: two purchases sent at once cannot both be written.
CREATE TRIGGER `monthly_passes_one_per_plate` BEFORE INSERT ON `monthly_passes`
WHEN EXISTS (SELECT 1 FROM monthly_passes p
              WHERE p.lot_id = NEW.lot_id AND p.plate = NEW.plate AND p.valid_from < NEW.valid_until AND p.valid_until > NEW.valid_from)
BEGIN
  SELECT RAISE(ABORT, 'monthly_passes_plate_overlap');
END;
