ALTER TABLE `lots` ADD `unlisted_at` text;--> statement-breakpoint
ALTER TABLE `lots` ADD `unlisted_reason` text;