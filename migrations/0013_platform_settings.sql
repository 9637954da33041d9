CREATE TABLE `platform_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`free_cancel_minutes` integer NOT NULL,
	`no_show_grace_minutes` integer NOT NULL,
	`topup_max_cents` integer NOT NULL,
	`daily_topup_max_cents` integer NOT NULL,
	`updated_at` text NOT NULL,
	`updated_by` text,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "platform_settings_one_row" CHECK("platform_settings"."id" = 1)
);
