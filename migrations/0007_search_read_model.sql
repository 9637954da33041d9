CREATE TABLE `lot_hours_booked` (
	`lot_id` text NOT NULL,
	`hour` integer NOT NULL,
	`slots_taken` integer NOT NULL,
	PRIMARY KEY(`lot_id`, `hour`)
);
--> statement-breakpoint
CREATE TABLE `lot_walk_ins` (
	`lot_id` text PRIMARY KEY NOT NULL,
	`placed` integer NOT NULL,
	`unplaced` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `lots_search_idx` ON `lots` (`is_approved`,`geo_lat`,`geo_lng`);--> statement-breakpoint
CREATE INDEX `slots_lot_active_idx` ON `slots` (`lot_id`,`active`);