CREATE TABLE `gate_issues` (
	`id` text PRIMARY KEY NOT NULL,
	`lot_id` text NOT NULL,
	`shift_id` text,
	`attendant_id` text NOT NULL,
	`text` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`resolved_at` text,
	`resolved_by` text,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`shift_id`) REFERENCES `shifts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`attendant_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `gate_issues_lot_idx` ON `gate_issues` (`lot_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `checkins` ADD `slot_id` text REFERENCES slots(id);--> statement-breakpoint
ALTER TABLE `checkins` ADD `walk_in` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `checkins` ADD `exit_shift_id` text REFERENCES shifts(id);--> statement-breakpoint
ALTER TABLE `checkins` ADD `exit_attendant_id` text REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `checkins` ADD `paid_by` text;--> statement-breakpoint
ALTER TABLE `checkins` ADD `lost_ticket` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `checkins` ADD `exit_override_reason` text;--> statement-breakpoint
ALTER TABLE `checkins` ADD `undone_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `checkins_open_reservation_unique` ON `checkins` (`reservation_id`) WHERE "checkins"."exit_ts" IS NULL AND "checkins"."undone_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `shifts_open_unique` ON `shifts` (`attendant_id`,`lot_id`) WHERE "shifts"."ended_at" IS NULL;