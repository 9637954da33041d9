CREATE TABLE `attendant_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`lot_id` text NOT NULL,
	`user_id` text NOT NULL,
	`invited_by` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`decided_at` text,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `attendant_invitations_user_idx` ON `attendant_invitations` (`user_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `attendant_invitations_one_pending` ON `attendant_invitations` (`lot_id`,`user_id`) WHERE "attendant_invitations"."status" = 'pending';