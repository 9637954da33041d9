ALTER TABLE `users` ADD `password_expires_at` text;--> statement-breakpoint
-- One-time passwords issued before expiry existed run for seven days from their account's creation.
UPDATE `users` SET `password_expires_at` = strftime('%Y-%m-%dT%H:%M:%fZ', `created_at`, '+7 days') WHERE `must_change_password` = 1;
