CREATE TABLE `sms_deliveries` (
	`notice_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`message_id` text,
	`claimed_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `users` ADD `phone_verified_at` text;--> statement-breakpoint
ALTER TABLE `verifications` ADD `tries` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Phones were stored as the sign-up mask, "+63 917-1234567": without its space and hyphen that is E.164.
UPDATE `users` SET `phone` = REPLACE(REPLACE(`phone`, ' ', ''), '-', '') WHERE `phone` LIKE '+% %';--> statement-breakpoint
UPDATE `owner_applications` SET `phone` = REPLACE(REPLACE(`phone`, ' ', ''), '-', '') WHERE `phone` LIKE '+% %';
