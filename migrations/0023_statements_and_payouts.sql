CREATE TABLE `owner_statements` (
	`lot_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`month` text NOT NULL,
	`bookings_cents` integer NOT NULL,
	`extensions_cents` integer NOT NULL,
	`overstays_cents` integer NOT NULL,
	`walk_ins_cents` integer NOT NULL,
	`refunds_cents` integer NOT NULL,
	`collected_cents` integer NOT NULL,
	`commission_basis_points` integer NOT NULL,
	`commission_cents` integer NOT NULL,
	`payable_cents` integer NOT NULL,
	`cash_cents` integer NOT NULL,
	`adjustments_cents` integer NOT NULL,
	`frozen_at` text NOT NULL,
	PRIMARY KEY(`lot_id`, `month`),
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `owner_statements_owner_idx` ON `owner_statements` (`owner_id`,`month`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`month` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`paid_on` text NOT NULL,
	`reference` text NOT NULL,
	`recorded_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payouts_amount_positive" CHECK("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `payouts_month_idx` ON `payouts` (`month`,`owner_id`);--> statement-breakpoint
ALTER TABLE `platform_settings` ADD `commission_basis_points` integer DEFAULT 0 NOT NULL;