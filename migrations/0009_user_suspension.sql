ALTER TABLE `users` ADD `suspended_at` text;--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);