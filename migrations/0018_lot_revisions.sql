CREATE TABLE `lot_revisions` (
	`id` text PRIMARY KEY NOT NULL,
	`lot_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`address` text,
	`geo_lat` real NOT NULL,
	`geo_lng` real NOT NULL,
	`documents_json` text DEFAULT '[]' NOT NULL,
	`notes` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`decision_reason` text,
	`decided_by` text,
	`decided_at` text,
	`submitted_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `lot_revisions_status_idx` ON `lot_revisions` (`status`,`submitted_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `lot_revisions_one_pending` ON `lot_revisions` (`lot_id`) WHERE "lot_revisions"."status" = 'pending';