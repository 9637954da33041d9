CREATE TABLE `gate_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`checkin_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`method` text NOT NULL,
	`reason` text NOT NULL,
	`refunded_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`checkin_id`) REFERENCES `checkins`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`refunded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `gate_refunds_checkin_idx` ON `gate_refunds` (`checkin_id`);