CREATE TABLE `reward_vouchers` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`reward_id` text NOT NULL,
	`transaction_id` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`reservation_id` text,
	`lot_id` text,
	`amount_off_cents` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reservation_id`) REFERENCES `reservations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `reward_vouchers_user_idx` ON `reward_vouchers` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `reward_vouchers_transaction_unique` ON `reward_vouchers` (`transaction_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `reward_vouchers_reservation_unique` ON `reward_vouchers` (`reservation_id`);