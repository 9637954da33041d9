CREATE TABLE `merchants` (
	`id` text PRIMARY KEY NOT NULL,
	`lot_id` text NOT NULL,
	`name` text NOT NULL,
	`per_stay_cap_cents` integer,
	`link_hash` text,
	`link_hours` integer,
	`link_amount_cents` integer,
	`link_revoked_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `merchants_lot_idx` ON `merchants` (`lot_id`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `merchants_link_unique` ON `merchants` (`link_hash`);--> statement-breakpoint
CREATE TABLE `validations` (
	`id` text PRIMARY KEY NOT NULL,
	`merchant_id` text NOT NULL,
	`lot_id` text NOT NULL,
	`source` text NOT NULL,
	`code` text,
	`batch_id` text,
	`hours` integer,
	`amount_cents` integer,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`checkin_id` text,
	`redeemed_at` text,
	`redeemed_by` text,
	`value_cents` integer,
	`valued_at` text,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`checkin_id`) REFERENCES `checkins`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`redeemed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "validations_one_worth" CHECK(("validations"."hours" IS NULL) <> ("validations"."amount_cents" IS NULL)),
	CONSTRAINT "validations_redeemed_on_a_stay" CHECK(("validations"."redeemed_at" IS NULL) = ("validations"."checkin_id" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `validations_code_unique` ON `validations` (`code`);--> statement-breakpoint
CREATE INDEX `validations_checkin_idx` ON `validations` (`checkin_id`);--> statement-breakpoint
CREATE INDEX `validations_batch_idx` ON `validations` (`merchant_id`,`batch_id`);--> statement-breakpoint
CREATE INDEX `validations_lot_valued_idx` ON `validations` (`lot_id`,`valued_at`);--> statement-breakpoint
ALTER TABLE `checkins` ADD `validated_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `owner_statements` ADD `validated_cents` integer DEFAULT 0 NOT NULL;