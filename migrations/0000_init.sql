CREATE TABLE `attendant_assignments` (
	`id` text PRIMARY KEY NOT NULL,
	`attendant_id` text NOT NULL,
	`lot_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`attendant_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `attendant_assignments_unique` ON `attendant_assignments` (`attendant_id`,`lot_id`);--> statement-breakpoint
CREATE TABLE `audit_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`subject` text NOT NULL,
	`context_json` text DEFAULT '{}' NOT NULL,
	`timestamp` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_logs_ts_idx` ON `audit_logs` (`timestamp`);--> statement-breakpoint
CREATE TABLE `charges` (
	`id` text PRIMARY KEY NOT NULL,
	`reservation_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'PHP' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`reservation_id`) REFERENCES `reservations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `charges_reservation_idx` ON `charges` (`reservation_id`);--> statement-breakpoint
CREATE TABLE `checkins` (
	`id` text PRIMARY KEY NOT NULL,
	`lot_id` text NOT NULL,
	`reservation_id` text,
	`shift_id` text,
	`attendant_id` text,
	`plate` text NOT NULL,
	`slot_label` text,
	`entry_ts` text NOT NULL,
	`exit_ts` text,
	`amount_cents` integer,
	`override` integer DEFAULT false NOT NULL,
	`override_reason` text,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reservation_id`) REFERENCES `reservations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`shift_id`) REFERENCES `shifts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`attendant_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `checkins_lot_idx` ON `checkins` (`lot_id`,`entry_ts`);--> statement-breakpoint
CREATE INDEX `checkins_plate_idx` ON `checkins` (`lot_id`,`plate`);--> statement-breakpoint
CREATE TABLE `early_registrations` (
	`id` text PRIMARY KEY NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`mobile` text NOT NULL,
	`role` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `early_registrations_email_unique` ON `early_registrations` (`email`);--> statement-breakpoint
CREATE TABLE `lot_submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`lot_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`total_slots` integer NOT NULL,
	`accessible_slots` integer DEFAULT 0 NOT NULL,
	`ev_charging_slots` integer DEFAULT 0 NOT NULL,
	`hourly_rate` integer NOT NULL,
	`documents_json` text DEFAULT '[]' NOT NULL,
	`notes` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`decision_reason` text,
	`decided_by` text,
	`decided_at` text,
	`submitted_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `lot_submissions_status_idx` ON `lot_submissions` (`status`,`submitted_at`);--> statement-breakpoint
CREATE TABLE `lots` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`address` text,
	`city` text,
	`geo_lat` real NOT NULL,
	`geo_lng` real NOT NULL,
	`amenities_json` text DEFAULT '{}' NOT NULL,
	`hours_json` text DEFAULT '{}' NOT NULL,
	`rules_json` text DEFAULT '{}' NOT NULL,
	`is_approved` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `lots_owner_idx` ON `lots` (`owner_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`metadata_json` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`is_read`,`created_at`);--> statement-breakpoint
CREATE TABLE `owner_applications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`applicant_role` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`business_license` text,
	`tax_id` text,
	`documents_json` text DEFAULT '[]' NOT NULL,
	`notes` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`decision_reason` text,
	`decided_by` text,
	`decided_at` text,
	`submitted_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `owner_applications_status_idx` ON `owner_applications` (`status`,`submitted_at`);--> statement-breakpoint
CREATE TABLE `preferences` (
	`user_id` text PRIMARY KEY NOT NULL,
	`email_notifications` integer DEFAULT true NOT NULL,
	`push_notifications` integer DEFAULT true NOT NULL,
	`sms_notifications` integer DEFAULT false NOT NULL,
	`booking_reminders` integer DEFAULT true NOT NULL,
	`promotional_emails` integer DEFAULT false NOT NULL,
	`default_duration` text DEFAULT '2' NOT NULL,
	`auto_extend` integer DEFAULT false NOT NULL,
	`theme` text DEFAULT 'system' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `pricing` (
	`lot_id` text PRIMARY KEY NOT NULL,
	`strategy` text DEFAULT 'STATIC' NOT NULL,
	`base_rate` integer DEFAULT 8000 NOT NULL,
	`currency` text DEFAULT 'PHP' NOT NULL,
	`progressive_json` text,
	`dynamic_enabled` integer DEFAULT false NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "pricing_base_rate_range" CHECK("pricing"."base_rate" BETWEEN 1000 AND 50000)
);
--> statement-breakpoint
CREATE TABLE `receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`reservation_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`vat_cents` integer DEFAULT 0 NOT NULL,
	`payment_reference` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reservation_id`) REFERENCES `reservations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `receipts_user_idx` ON `receipts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `reservations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`lot_id` text NOT NULL,
	`slot_id` text,
	`vehicle_id` text,
	`vehicle_plate` text,
	`status` text NOT NULL,
	`start_ts` text NOT NULL,
	`end_ts` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`price_snapshot_json` text,
	`idempotency_key` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`cancelled_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`slot_id`) REFERENCES `slots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reservations_amount_nonneg" CHECK("reservations"."amount_cents" >= 0),
	CONSTRAINT "reservations_window" CHECK("reservations"."end_ts" > "reservations"."start_ts")
);
--> statement-breakpoint
CREATE INDEX `reservations_user_idx` ON `reservations` (`user_id`,`start_ts`);--> statement-breakpoint
CREATE INDEX `reservations_lot_idx` ON `reservations` (`lot_id`,`start_ts`);--> statement-breakpoint
CREATE UNIQUE INDEX `reservations_user_idem_unique` ON `reservations` (`user_id`,`idempotency_key`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`user_agent` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `shifts` (
	`id` text PRIMARY KEY NOT NULL,
	`attendant_id` text NOT NULL,
	`lot_id` text NOT NULL,
	`started_at` text NOT NULL,
	`ended_at` text,
	`online` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`attendant_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `shifts_attendant_idx` ON `shifts` (`attendant_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `slots` (
	`id` text PRIMARY KEY NOT NULL,
	`lot_id` text NOT NULL,
	`label` text NOT NULL,
	`level` text,
	`accessible` integer DEFAULT false NOT NULL,
	`ev_charging` integer DEFAULT false NOT NULL,
	`vehicle_type` text DEFAULT 'car' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `slots_lot_label_unique` ON `slots` (`lot_id`,`label`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`phone` text,
	`profile_image_url` text,
	`role` text DEFAULT 'parking_user' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `vehicles` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`plate` text NOT NULL,
	`make` text NOT NULL,
	`model` text NOT NULL,
	`color` text,
	`vehicle_type` text DEFAULT 'car' NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vehicles_user_plate_unique` ON `vehicles` (`user_id`,`plate`);--> statement-breakpoint
CREATE TABLE `wallet_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`wallet_id` text NOT NULL,
	`type` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'PHP' NOT NULL,
	`description` text NOT NULL,
	`reservation_id` text,
	`payment_reference` text,
	`idempotency_key` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`wallet_id`) REFERENCES `wallets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reservation_id`) REFERENCES `reservations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `wallet_tx_wallet_idx` ON `wallet_transactions` (`wallet_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_tx_idem_unique` ON `wallet_transactions` (`wallet_id`,`idempotency_key`);--> statement-breakpoint
CREATE TABLE `wallets` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`balance_cents` integer DEFAULT 0 NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'PHP' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "wallets_balance_nonneg" CHECK("wallets"."balance_cents" >= 0),
	CONSTRAINT "wallets_points_nonneg" CHECK("wallets"."points" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wallets_user_unique` ON `wallets` (`user_id`);