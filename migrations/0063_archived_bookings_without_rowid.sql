-- archived_bookings WITHOUT ROWID: its key (driver, lot, month) is every read, and a rowid table kept
-- each row twice (the table and its key's index). Rebuilt through a copy, as 0058 did.
CREATE TABLE `archived_bookings_copy` AS SELECT `user_id`, `lot_id`, `month` FROM `archived_bookings`;--> statement-breakpoint
DROP TABLE `archived_bookings`;--> statement-breakpoint
CREATE TABLE `archived_bookings` (
	`user_id` text NOT NULL,
	`lot_id` text NOT NULL,
	`month` text NOT NULL,
	PRIMARY KEY(`user_id`, `lot_id`, `month`)
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `archived_bookings` SELECT * FROM `archived_bookings_copy`;--> statement-breakpoint
DROP TABLE `archived_bookings_copy`;
