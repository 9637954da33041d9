CREATE TABLE `lot_tags` (
	`id` text PRIMARY KEY NOT NULL,
	`lot_id` text NOT NULL,
	`kind` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `lot_tags_lot_idx` ON `lot_tags` (`lot_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `checkins` ADD `tag_id` text REFERENCES lot_tags(id);--> statement-breakpoint
ALTER TABLE `checkins` ADD `exit_tag_id` text REFERENCES lot_tags(id);--> statement-breakpoint
ALTER TABLE `checkins` ADD `plate_read_text` text;--> statement-breakpoint
ALTER TABLE `checkins` ADD `plate_read_confidence` real;--> statement-breakpoint
ALTER TABLE `checkins` ADD `plate_read_corrected` integer;