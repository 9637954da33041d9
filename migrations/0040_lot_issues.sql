CREATE TABLE `lot_issue_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`issue_id` text NOT NULL,
	`author_id` text NOT NULL,
	`from_staff` integer NOT NULL,
	`text` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`issue_id`) REFERENCES `lot_issues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `lot_issue_messages_issue_idx` ON `lot_issue_messages` (`issue_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `lot_issues` (
	`id` text PRIMARY KEY NOT NULL,
	`lot_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reservation_id` text,
	`category` text NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`photo_key` text,
	`photo_type` text,
	`photo_size` integer,
	`remedy` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`acknowledged_at` text,
	`acknowledged_by` text,
	`resolved_at` text,
	`resolved_by` text,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reservation_id`) REFERENCES `reservations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`acknowledged_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `lot_issues_lot_idx` ON `lot_issues` (`lot_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `lot_issues_reporter_idx` ON `lot_issues` (`reporter_id`,`created_at`);