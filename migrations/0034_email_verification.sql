CREATE TABLE `email_deliveries` (
	`notice_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`message_id` text,
	`claimed_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `verifications` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`target` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `verifications_target_type_unique` ON `verifications` (`target`,`type`);--> statement-breakpoint
CREATE UNIQUE INDEX `verifications_token_unique` ON `verifications` (`token_hash`);--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` text;--> statement-breakpoint
-- Addresses held before verification existed are unverified: their owners see the banner and confirm
-- with Resend. The four demo accounts of a local database seeded earlier are verified, as a fresh seed
-- makes them (worker/seed/seed.ts), so the demo sends its e-mails.
UPDATE `users` SET `email_verified_at` = `created_at` WHERE `email` IN ('driver@parkada.ph', 'owner@parkada.ph', 'attendant@parkada.ph', 'admin@parkada.ph');
