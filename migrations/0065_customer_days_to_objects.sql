-- The lots' per-driver days leave D1 for each lot's object (docs/owner.md, "Rollups"). Hand-edited:
-- WITHOUT ROWID, since each row is its key. A fold's rows wait in the outbox, under the fold's id,
-- until the object has added them (it adds a fold once); the Cron's fold empties it. Fold ids come from
-- the counter, in order: a report that read n knows a greater id held by an object came after its read.
CREATE TABLE `customer_days_outbox` (
	`lot_id` text NOT NULL,
	`fold_id` integer NOT NULL,
	`day` text NOT NULL,
	`user_id` text NOT NULL,
	`bookings` integer NOT NULL,
	`cents` integer NOT NULL,
	PRIMARY KEY(`lot_id`, `fold_id`, `day`, `user_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `customer_fold_counter` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`last_fold_id` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `customer_fold_counter` (`id`, `last_fold_id`) VALUES (1, 0);
--> statement-breakpoint
-- The months folded before go the same way, a fold a lot and month (id: minus the month's number, so
-- below every counted fold): a driver's month as two days, its first booking day with its money and all
-- its bookings but one, and its last booking day with that one (one day when they are the same; the
-- month's first day when it had money but no booking). Its sums are kept, and a range that cuts the
-- month counts the driver when a day of it with a booking is in it.
INSERT INTO `customer_days_outbox` (`lot_id`, `fold_id`, `day`, `user_id`, `bookings`, `cents`)
  SELECT `lot_id`, -(CAST(substr(`month`, 1, 4) AS INTEGER) * 12 + CAST(substr(`month`, 6, 2) AS INTEGER)),
         coalesce(`first_day`, `month` || '-01'), `user_id`, `bookings` - coalesce(`last_day` > `first_day`, 0), `cents`
    FROM `lot_customer_months`;
--> statement-breakpoint
INSERT INTO `customer_days_outbox` (`lot_id`, `fold_id`, `day`, `user_id`, `bookings`, `cents`)
  SELECT `lot_id`, -(CAST(substr(`month`, 1, 4) AS INTEGER) * 12 + CAST(substr(`month`, 6, 2) AS INTEGER)), `last_day`, `user_id`, 1, 0
    FROM `lot_customer_months` WHERE `last_day` > `first_day`;
--> statement-breakpoint
DROP TABLE `lot_customer_months`;
