-- The lots' per-driver days leave D1 for each lot's object (docs/owner.md, "Rollups"). Hand-edited:
-- WITHOUT ROWID, since each row is its key. A fold's rows wait in the outbox, under the fold's id,
-- until the object has added them (it adds a fold once); the Cron's fold empties it.
CREATE TABLE `customer_days_outbox` (
	`lot_id` text NOT NULL,
	`fold_id` text NOT NULL,
	`day` text NOT NULL,
	`user_id` text NOT NULL,
	`bookings` integer NOT NULL,
	`cents` integer NOT NULL,
	PRIMARY KEY(`lot_id`, `fold_id`, `day`, `user_id`)
) WITHOUT ROWID;
--> statement-breakpoint
-- The months folded before go the same way, one fold a lot: a driver's month as two days, its first
-- booking day with its money and all its bookings but one, and its last booking day with that one (one
-- day when they are the same; the month's first day when it had money but no booking). Its sums are
-- kept, and a range that cuts the month counts the driver when either day is in it.
INSERT INTO `customer_days_outbox` (`lot_id`, `fold_id`, `day`, `user_id`, `bookings`, `cents`)
  SELECT `lot_id`, 'months-' || `lot_id`, coalesce(`first_day`, `month` || '-01'), `user_id`,
         `bookings` - coalesce(`last_day` > `first_day`, 0), `cents`
    FROM `lot_customer_months`;
--> statement-breakpoint
INSERT INTO `customer_days_outbox` (`lot_id`, `fold_id`, `day`, `user_id`, `bookings`, `cents`)
  SELECT `lot_id`, 'months-' || `lot_id`, `last_day`, `user_id`, 1, 0 FROM `lot_customer_months` WHERE `last_day` > `first_day`;
--> statement-breakpoint
DROP TABLE `lot_customer_months`;
