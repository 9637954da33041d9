CREATE TABLE `price_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`lot_id` text NOT NULL,
	`band` text,
	`from_cents` integer NOT NULL,
	`to_cents` integer NOT NULL,
	`changed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_changes_lot_idx` ON `price_changes` (`lot_id`,`changed_at`);