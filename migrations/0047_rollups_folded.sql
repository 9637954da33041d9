-- The folded rollups (docs/owner.md, "Rollups"). Hand-edited: WITHOUT ROWID, since each row is its key
-- and a rowid table would store the lot id twice. No data moves here: the rows already in the hourly
-- and per-driver-day tables are read beside these, and the daily Cron folds them in batches.
CREATE TABLE `lot_booking_days_folded` (
	`lot_id` text NOT NULL,
	`day` text NOT NULL,
	`bookings` integer NOT NULL,
	`seconds` integer NOT NULL,
	`short` integer NOT NULL,
	`long` integer NOT NULL,
	PRIMARY KEY(`lot_id`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `lot_customer_months` (
	`lot_id` text NOT NULL,
	`month` text NOT NULL,
	`user_id` text NOT NULL,
	`bookings` integer NOT NULL,
	`cents` integer NOT NULL,
	`first_day` text,
	`last_day` text,
	PRIMARY KEY(`lot_id`, `month`, `user_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `lot_customers` (
	`lot_id` text NOT NULL,
	`user_id` text NOT NULL,
	`first_day` text NOT NULL,
	PRIMARY KEY(`lot_id`, `user_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `lot_money_hours_folded` (
	`lot_id` text NOT NULL,
	`day` text NOT NULL,
	`cents` text NOT NULL,
	PRIMARY KEY(`lot_id`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `lot_stay_hours_folded` (
	`lot_id` text NOT NULL,
	`day` integer NOT NULL,
	`seconds` text NOT NULL,
	PRIMARY KEY(`lot_id`, `day`)
) WITHOUT ROWID;
