-- lot_customer_days keyed by (lot, day, driver) and WITHOUT ROWID: every read is a lot's range of days,
-- and a rowid table kept each row three times (the table, its key's index, a covering index). Rebuilt
-- through a copy, not renamed into place: a rename is refused while the rollup triggers name the table.
CREATE TABLE `lot_customer_days_copy` AS SELECT `lot_id`, `user_id`, `day`, `bookings`, `cents` FROM `lot_customer_days`;--> statement-breakpoint
DROP TABLE `lot_customer_days`;--> statement-breakpoint
CREATE TABLE `lot_customer_days` (
	`lot_id` text NOT NULL,
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`bookings` integer NOT NULL,
	`cents` integer NOT NULL,
	PRIMARY KEY(`lot_id`, `day`, `user_id`)
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `lot_customer_days` SELECT * FROM `lot_customer_days_copy`;--> statement-breakpoint
DROP TABLE `lot_customer_days_copy`;
