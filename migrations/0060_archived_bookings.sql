CREATE TABLE `archived_bookings` (
	`user_id` text NOT NULL,
	`lot_id` text NOT NULL,
	`month` text NOT NULL,
	PRIMARY KEY(`user_id`, `lot_id`, `month`)
);
