-- A booking over for RESERVATION_HOT_DAYS leaves D1 for the archive (docs/payments.md, Archive) while
-- the rows that name it stay: its charges (archived by their own month), receipts (kept ten years),
-- ledger rows, stays, reviews, issues and vouchers. So none of them refers to reservations(id) by a
-- foreign key any more; readers look a booking up in D1, then in the archive. Hand-edited from
-- drizzle-kit's rebuild (SQLite cannot drop a constraint): each table's rows are set aside, the table
-- made again under its own name and refilled, so the rows that name it (a refund its stay, a message its
-- issue, a receipt the one it replaces) are whole again by the commit, where deferred keys are checked.
-- A dropped table loses its triggers: they follow, word for word.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
-- Triggers of other tables that read a rebuilt one are dropped first (a table is renamed or dropped only
-- while every trigger's tables exist) and made again after.
DROP TRIGGER `gate_refunds_rollup_insert`;--> statement-breakpoint
DROP TRIGGER `gate_refunds_rollup_delete`;--> statement-breakpoint
DROP TRIGGER `reservations_rollup_delete`;--> statement-breakpoint
DROP TRIGGER `reservations_customer_delete`;--> statement-breakpoint
CREATE TABLE `__old_charges` AS SELECT * FROM `charges`;--> statement-breakpoint
DROP TABLE `charges`;--> statement-breakpoint
CREATE TABLE `charges` (
	`id` text PRIMARY KEY NOT NULL,
	`reservation_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'PHP' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`lot_id` text,
	`method` text DEFAULT 'wallet' NOT NULL,
	`lines_json` text
);--> statement-breakpoint
CREATE INDEX `charges_reservation_idx` ON `charges` (`reservation_id`);--> statement-breakpoint
CREATE INDEX `charges_lot_time_idx` ON `charges` (`lot_id`,`created_at`);--> statement-breakpoint
INSERT INTO `charges`("id", "reservation_id", "kind", "amount_cents", "currency", "created_at", "lot_id", "method", "lines_json") SELECT "id", "reservation_id", "kind", "amount_cents", "currency", "created_at", "lot_id", "method", "lines_json" FROM `__old_charges`;--> statement-breakpoint
DROP TABLE `__old_charges`;--> statement-breakpoint
CREATE TABLE `__old_checkins` AS SELECT * FROM `checkins`;--> statement-breakpoint
-- A stay reopened from another names it, and only a partial index covers that, which the checks of the
-- drop and the refill cannot use: a plain one makes each a look-up, until the rows are back.
CREATE INDEX `checkins_reopened_from_check` ON `checkins` (`reopened_from`);--> statement-breakpoint
DROP TABLE `checkins`;--> statement-breakpoint
CREATE TABLE `checkins` (
	`id` text PRIMARY KEY NOT NULL,
	`lot_id` text NOT NULL,
	`reservation_id` text,
	`shift_id` text,
	`attendant_id` text,
	`plate` text NOT NULL,
	`slot_id` text,
	`slot_label` text,
	`walk_in` integer DEFAULT false NOT NULL,
	`entry_ts` text NOT NULL,
	`exit_ts` text,
	`exit_shift_id` text,
	`exit_attendant_id` text,
	`amount_cents` integer,
	`validated_cents` integer DEFAULT 0 NOT NULL,
	`paid_by` text,
	`payer_id` text,
	`lost_ticket` integer DEFAULT false NOT NULL,
	`override` integer DEFAULT false NOT NULL,
	`override_reason` text,
	`exit_override_reason` text,
	`undone_at` text,
	`monthly_pass_id` text,
	`tag_id` text,
	`exit_tag_id` text,
	`reopened_from` text,
	`plate_read_text` text,
	`plate_read_confidence` real,
	`plate_read_corrected` integer,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`shift_id`) REFERENCES `shifts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`attendant_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`slot_id`) REFERENCES `slots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`exit_shift_id`) REFERENCES `shifts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`exit_attendant_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`monthly_pass_id`) REFERENCES `monthly_passes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tag_id`) REFERENCES `lot_tags`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`exit_tag_id`) REFERENCES `lot_tags`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reopened_from`) REFERENCES `checkins`(`id`) ON UPDATE no action ON DELETE no action
);--> statement-breakpoint
CREATE INDEX `checkins_lot_idx` ON `checkins` (`lot_id`,`entry_ts`);--> statement-breakpoint
CREATE INDEX `checkins_plate_idx` ON `checkins` (`lot_id`,`plate`);--> statement-breakpoint
CREATE INDEX `checkins_inside_idx` ON `checkins` (`lot_id`,`entry_ts`) WHERE "checkins"."exit_ts" IS NULL AND "checkins"."undone_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `checkins_open_reservation_unique` ON `checkins` (`reservation_id`) WHERE "checkins"."exit_ts" IS NULL AND "checkins"."undone_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `checkins_reopened_from_unique` ON `checkins` (`reopened_from`) WHERE "checkins"."reopened_from" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `checkins_reservation_idx` ON `checkins` (`reservation_id`,`walk_in`,`undone_at`,`lot_id`,`exit_ts`);--> statement-breakpoint
CREATE INDEX `checkins_reopened_from_check` ON `checkins` (`reopened_from`);--> statement-breakpoint
INSERT INTO `checkins`("id", "lot_id", "reservation_id", "shift_id", "attendant_id", "plate", "slot_id", "slot_label", "walk_in", "entry_ts", "exit_ts", "exit_shift_id", "exit_attendant_id", "amount_cents", "validated_cents", "paid_by", "payer_id", "lost_ticket", "override", "override_reason", "exit_override_reason", "undone_at", "monthly_pass_id", "tag_id", "exit_tag_id", "reopened_from", "plate_read_text", "plate_read_confidence", "plate_read_corrected") SELECT "id", "lot_id", "reservation_id", "shift_id", "attendant_id", "plate", "slot_id", "slot_label", "walk_in", "entry_ts", "exit_ts", "exit_shift_id", "exit_attendant_id", "amount_cents", "validated_cents", "paid_by", "payer_id", "lost_ticket", "override", "override_reason", "exit_override_reason", "undone_at", "monthly_pass_id", "tag_id", "exit_tag_id", "reopened_from", "plate_read_text", "plate_read_confidence", "plate_read_corrected" FROM `__old_checkins`;--> statement-breakpoint
DROP INDEX `checkins_reopened_from_check`;--> statement-breakpoint
DROP TABLE `__old_checkins`;--> statement-breakpoint
CREATE TABLE `__old_lot_issues` AS SELECT * FROM `lot_issues`;--> statement-breakpoint
DROP TABLE `lot_issues`;--> statement-breakpoint
CREATE TABLE `lot_issues` (
	`id` text PRIMARY KEY NOT NULL,
	`lot_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reservation_id` text,
	`category` text NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`photo_key` text,
	`photo_type` text,
	`photo_size` integer,
	`remedy` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`acknowledged_at` text,
	`acknowledged_by` text,
	`resolved_at` text,
	`resolved_by` text,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`acknowledged_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);--> statement-breakpoint
CREATE INDEX `lot_issues_lot_idx` ON `lot_issues` (`lot_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `lot_issues_reporter_idx` ON `lot_issues` (`reporter_id`,`created_at`);--> statement-breakpoint
INSERT INTO `lot_issues`("id", "lot_id", "reporter_id", "reservation_id", "category", "text", "status", "photo_key", "photo_type", "photo_size", "remedy", "created_at", "acknowledged_at", "acknowledged_by", "resolved_at", "resolved_by") SELECT "id", "lot_id", "reporter_id", "reservation_id", "category", "text", "status", "photo_key", "photo_type", "photo_size", "remedy", "created_at", "acknowledged_at", "acknowledged_by", "resolved_at", "resolved_by" FROM `__old_lot_issues`;--> statement-breakpoint
DROP TABLE `__old_lot_issues`;--> statement-breakpoint
CREATE TABLE `__old_receipts` AS SELECT * FROM `receipts`;--> statement-breakpoint
DROP TABLE `receipts`;--> statement-breakpoint
CREATE TABLE `receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text DEFAULT 'RECEIPT' NOT NULL,
	`user_id` text NOT NULL,
	`reservation_id` text,
	`monthly_pass_id` text,
	`lot_id` text DEFAULT '' NOT NULL,
	`seq` integer DEFAULT 0 NOT NULL,
	`number` text DEFAULT '' NOT NULL,
	`amount_cents` integer NOT NULL,
	`vat_cents` integer DEFAULT 0 NOT NULL,
	`payment_reference` text,
	`replaces_id` text,
	`voids_id` text,
	`charge_lines` integer DEFAULT 0 NOT NULL,
	`refund_lines` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`monthly_pass_id`) REFERENCES `monthly_passes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`replaces_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`voids_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "receipts_one_subject" CHECK(("receipts"."reservation_id" IS NULL) <> ("receipts"."monthly_pass_id" IS NULL))
);--> statement-breakpoint
CREATE INDEX `receipts_user_idx` ON `receipts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `receipts_reservation_idx` ON `receipts` (`reservation_id`);--> statement-breakpoint
CREATE INDEX `receipts_monthly_pass_idx` ON `receipts` (`monthly_pass_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_number_unique` ON `receipts` (`number`) WHERE "receipts"."seq" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_series_unique` ON `receipts` (`lot_id`,`seq`) WHERE "receipts"."seq" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_first_unique` ON `receipts` (`reservation_id`) WHERE "receipts"."kind" = 'RECEIPT' AND "receipts"."replaces_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_pass_first_unique` ON `receipts` (`monthly_pass_id`) WHERE "receipts"."kind" = 'RECEIPT' AND "receipts"."replaces_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_replaces_unique` ON `receipts` (`replaces_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_voids_unique` ON `receipts` (`voids_id`);--> statement-breakpoint
INSERT INTO `receipts`("id", "kind", "user_id", "reservation_id", "monthly_pass_id", "lot_id", "seq", "number", "amount_cents", "vat_cents", "payment_reference", "replaces_id", "voids_id", "charge_lines", "refund_lines", "created_at") SELECT "id", "kind", "user_id", "reservation_id", "monthly_pass_id", "lot_id", "seq", "number", "amount_cents", "vat_cents", "payment_reference", "replaces_id", "voids_id", "charge_lines", "refund_lines", "created_at" FROM `__old_receipts`;--> statement-breakpoint
DROP TABLE `__old_receipts`;--> statement-breakpoint
CREATE TABLE `__old_reviews` AS SELECT * FROM `reviews`;--> statement-breakpoint
DROP TABLE `reviews`;--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`lot_id` text NOT NULL,
	`user_id` text NOT NULL,
	`reservation_id` text,
	`monthly_pass_id` text,
	`rating` integer NOT NULL,
	`text` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`edited_at` text,
	`reply_text` text,
	`reply_by` text,
	`replied_at` text,
	`reply_edited_at` text,
	`moderation` text,
	`moderation_reason` text,
	`moderated_by` text,
	`moderated_at` text,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`monthly_pass_id`) REFERENCES `monthly_passes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reply_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`moderated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "reviews_one_stay" CHECK(("reviews"."reservation_id" IS NULL) <> ("reviews"."monthly_pass_id" IS NULL)),
	CONSTRAINT "reviews_rating_range" CHECK("reviews"."rating" BETWEEN 1 AND 5)
);--> statement-breakpoint
CREATE INDEX `reviews_lot_idx` ON `reviews` (`lot_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_user_idx` ON `reviews` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_reservation_unique` ON `reviews` (`reservation_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_monthly_pass_unique` ON `reviews` (`monthly_pass_id`);--> statement-breakpoint
INSERT INTO `reviews`("id", "lot_id", "user_id", "reservation_id", "monthly_pass_id", "rating", "text", "created_at", "edited_at", "reply_text", "reply_by", "replied_at", "reply_edited_at", "moderation", "moderation_reason", "moderated_by", "moderated_at") SELECT "id", "lot_id", "user_id", "reservation_id", "monthly_pass_id", "rating", "text", "created_at", "edited_at", "reply_text", "reply_by", "replied_at", "reply_edited_at", "moderation", "moderation_reason", "moderated_by", "moderated_at" FROM `__old_reviews`;--> statement-breakpoint
DROP TABLE `__old_reviews`;--> statement-breakpoint
CREATE TABLE `__old_reward_vouchers` AS SELECT * FROM `reward_vouchers`;--> statement-breakpoint
DROP TABLE `reward_vouchers`;--> statement-breakpoint
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
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE no action
);--> statement-breakpoint
CREATE INDEX `reward_vouchers_user_idx` ON `reward_vouchers` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `reward_vouchers_transaction_unique` ON `reward_vouchers` (`transaction_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `reward_vouchers_reservation_unique` ON `reward_vouchers` (`reservation_id`);--> statement-breakpoint
INSERT INTO `reward_vouchers`("id", "user_id", "reward_id", "transaction_id", "expires_at", "used_at", "reservation_id", "lot_id", "amount_off_cents", "created_at") SELECT "id", "user_id", "reward_id", "transaction_id", "expires_at", "used_at", "reservation_id", "lot_id", "amount_off_cents", "created_at" FROM `__old_reward_vouchers`;--> statement-breakpoint
DROP TABLE `__old_reward_vouchers`;--> statement-breakpoint
CREATE TABLE `__old_wallet_transactions` AS SELECT * FROM `wallet_transactions`;--> statement-breakpoint
DROP TABLE `wallet_transactions`;--> statement-breakpoint
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
	`points_delta` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`wallet_id`) REFERENCES `wallets`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `wallet_tx_wallet_idx` ON `wallet_transactions` (`wallet_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `wallet_tx_reservation_idx` ON `wallet_transactions` (`reservation_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_tx_idem_unique` ON `wallet_transactions` (`wallet_id`,`idempotency_key`);--> statement-breakpoint
INSERT INTO `wallet_transactions`("id", "wallet_id", "type", "amount_cents", "currency", "description", "reservation_id", "payment_reference", "idempotency_key", "points_delta", "created_at") SELECT "id", "wallet_id", "type", "amount_cents", "currency", "description", "reservation_id", "payment_reference", "idempotency_key", "points_delta", "created_at" FROM `__old_wallet_transactions`;--> statement-breakpoint
DROP TABLE `__old_wallet_transactions`;--> statement-breakpoint
-- The triggers of the rebuilt tables and of gate_refunds, as they were (migrations/0015, 0020, 0022, 0024, 0048, 0049, 0053).
CREATE TRIGGER `charges_lot` AFTER INSERT ON `charges` WHEN NEW.`lot_id` IS NULL
BEGIN
  UPDATE `charges` SET `lot_id` = (SELECT `lot_id` FROM `reservations` WHERE `id` = NEW.`reservation_id`) WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `charges_rollup_insert` AFTER INSERT ON `charges`
BEGIN
  INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
    SELECT coalesce(NEW.lot_id, (SELECT lot_id FROM reservations WHERE id = NEW.reservation_id)), date(NEW.created_at, '+28800 seconds'), NEW.kind, NEW.method, NEW.amount_cents, 1
     WHERE true
    ON CONFLICT (lot_id, day, kind, method) DO UPDATE SET cents = cents + excluded.cents, items = items + excluded.items;
  INSERT INTO lot_money_hours (lot_id, day, hour, cents)
    SELECT coalesce(NEW.lot_id, (SELECT lot_id FROM reservations WHERE id = NEW.reservation_id)), date(NEW.created_at, '+28800 seconds'), CAST(strftime('%H', NEW.created_at, '+28800 seconds') AS INTEGER), NEW.amount_cents
     WHERE true
    ON CONFLICT (lot_id, day, hour) DO UPDATE SET cents = cents + excluded.cents;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT coalesce(NEW.lot_id, (SELECT lot_id FROM reservations WHERE id = NEW.reservation_id)), (SELECT user_id FROM reservations WHERE id = NEW.reservation_id), date(NEW.created_at, '+28800 seconds'), 0, NEW.amount_cents
     WHERE (SELECT user_id FROM reservations WHERE id = NEW.reservation_id) IS NOT NULL
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
END;--> statement-breakpoint
CREATE TRIGGER `charges_rollup_update` AFTER UPDATE OF reservation_id, kind, amount_cents, method, created_at ON `charges`
BEGIN
  INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
    SELECT coalesce(OLD.lot_id, (SELECT lot_id FROM reservations WHERE id = OLD.reservation_id)), date(OLD.created_at, '+28800 seconds'), OLD.kind, OLD.method, -OLD.amount_cents, -1
     WHERE true
    ON CONFLICT (lot_id, day, kind, method) DO UPDATE SET cents = cents + excluded.cents, items = items + excluded.items;
  INSERT INTO lot_money_hours (lot_id, day, hour, cents)
    SELECT coalesce(OLD.lot_id, (SELECT lot_id FROM reservations WHERE id = OLD.reservation_id)), date(OLD.created_at, '+28800 seconds'), CAST(strftime('%H', OLD.created_at, '+28800 seconds') AS INTEGER), -OLD.amount_cents
     WHERE true
    ON CONFLICT (lot_id, day, hour) DO UPDATE SET cents = cents + excluded.cents;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT coalesce(OLD.lot_id, (SELECT lot_id FROM reservations WHERE id = OLD.reservation_id)), (SELECT user_id FROM reservations WHERE id = OLD.reservation_id), date(OLD.created_at, '+28800 seconds'), 0, -OLD.amount_cents
     WHERE (SELECT user_id FROM reservations WHERE id = OLD.reservation_id) IS NOT NULL
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
  INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
    SELECT coalesce(NEW.lot_id, (SELECT lot_id FROM reservations WHERE id = NEW.reservation_id)), date(NEW.created_at, '+28800 seconds'), NEW.kind, NEW.method, NEW.amount_cents, 1
     WHERE true
    ON CONFLICT (lot_id, day, kind, method) DO UPDATE SET cents = cents + excluded.cents, items = items + excluded.items;
  INSERT INTO lot_money_hours (lot_id, day, hour, cents)
    SELECT coalesce(NEW.lot_id, (SELECT lot_id FROM reservations WHERE id = NEW.reservation_id)), date(NEW.created_at, '+28800 seconds'), CAST(strftime('%H', NEW.created_at, '+28800 seconds') AS INTEGER), NEW.amount_cents
     WHERE true
    ON CONFLICT (lot_id, day, hour) DO UPDATE SET cents = cents + excluded.cents;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT coalesce(NEW.lot_id, (SELECT lot_id FROM reservations WHERE id = NEW.reservation_id)), (SELECT user_id FROM reservations WHERE id = NEW.reservation_id), date(NEW.created_at, '+28800 seconds'), 0, NEW.amount_cents
     WHERE (SELECT user_id FROM reservations WHERE id = NEW.reservation_id) IS NOT NULL
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
END;--> statement-breakpoint
CREATE TRIGGER `charges_lot_fixed` BEFORE UPDATE OF `lot_id` ON `charges`
  WHEN OLD.`lot_id` IS NOT NULL AND OLD.`lot_id` IS NOT NEW.`lot_id`
BEGIN
  SELECT RAISE(ABORT, 'A charge stays at its lot.');
END;--> statement-breakpoint
CREATE TRIGGER `charges_rollup_delete` AFTER DELETE ON `charges`
WHEN NOT EXISTS (SELECT 1 FROM archived_periods WHERE kind = 'charges' AND lot_id = OLD.lot_id AND month = substr(date(OLD.created_at, '+28800 seconds'), 1, 7))
BEGIN
  INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
    SELECT coalesce(OLD.lot_id, (SELECT lot_id FROM reservations WHERE id = OLD.reservation_id)), date(OLD.created_at, '+28800 seconds'), OLD.kind, OLD.method, -OLD.amount_cents, -1
     WHERE true
    ON CONFLICT (lot_id, day, kind, method) DO UPDATE SET cents = cents + excluded.cents, items = items + excluded.items;
  INSERT INTO lot_money_hours (lot_id, day, hour, cents)
    SELECT coalesce(OLD.lot_id, (SELECT lot_id FROM reservations WHERE id = OLD.reservation_id)), date(OLD.created_at, '+28800 seconds'), CAST(strftime('%H', OLD.created_at, '+28800 seconds') AS INTEGER), -OLD.amount_cents
     WHERE true
    ON CONFLICT (lot_id, day, hour) DO UPDATE SET cents = cents + excluded.cents;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT coalesce(OLD.lot_id, (SELECT lot_id FROM reservations WHERE id = OLD.reservation_id)), (SELECT user_id FROM reservations WHERE id = OLD.reservation_id), date(OLD.created_at, '+28800 seconds'), 0, -OLD.amount_cents
     WHERE (SELECT user_id FROM reservations WHERE id = OLD.reservation_id) IS NOT NULL
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
END;--> statement-breakpoint
CREATE TRIGGER `checkins_rollup_update` AFTER UPDATE OF lot_id, reservation_id, walk_in, entry_ts, exit_ts, amount_cents, paid_by, undone_at ON `checkins`
  WHEN OLD.walk_in = 1 OR NEW.walk_in = 1
BEGIN
  INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
    SELECT OLD.lot_id, date(OLD.exit_ts, '+28800 seconds'), 'WALK_IN', coalesce(OLD.paid_by, 'cash'), -OLD.amount_cents, -1
     WHERE OLD.walk_in = 1 AND OLD.reservation_id IS NULL AND OLD.undone_at IS NULL AND OLD.amount_cents IS NOT NULL AND OLD.exit_ts IS NOT NULL
    ON CONFLICT (lot_id, day, kind, method) DO UPDATE SET cents = cents + excluded.cents, items = items + excluded.items;
  INSERT INTO lot_money_hours (lot_id, day, hour, cents)
    SELECT OLD.lot_id, date(OLD.exit_ts, '+28800 seconds'), CAST(strftime('%H', OLD.exit_ts, '+28800 seconds') AS INTEGER), -OLD.amount_cents
     WHERE OLD.walk_in = 1 AND OLD.reservation_id IS NULL AND OLD.undone_at IS NULL AND OLD.amount_cents IS NOT NULL AND OLD.exit_ts IS NOT NULL
    ON CONFLICT (lot_id, day, hour) DO UPDATE SET cents = cents + excluded.cents;
  INSERT INTO lot_stay_hours (lot_id, hour, seconds)
    SELECT OLD.lot_id, h, -(min((unixepoch(OLD.exit_ts) + 28800), h + 3600) - max((unixepoch(OLD.entry_ts) + 28800), h))
      FROM (SELECT (unixepoch(OLD.entry_ts) + 28800) - (unixepoch(OLD.entry_ts) + 28800) % 3600 + (a.n * 1000 + b.n) * 3600 AS h
              FROM rollup_hours a JOIN rollup_hours b ON b.n < ((unixepoch(OLD.exit_ts) + 28800) - ((unixepoch(OLD.entry_ts) + 28800) - (unixepoch(OLD.entry_ts) + 28800) % 3600) + 3599) / 3600 - a.n * 1000
             WHERE a.n <= (((unixepoch(OLD.exit_ts) + 28800) - ((unixepoch(OLD.entry_ts) + 28800) - (unixepoch(OLD.entry_ts) + 28800) % 3600) + 3599) / 3600 - 1) / 1000)
     WHERE OLD.walk_in = 1 AND OLD.reservation_id IS NULL AND OLD.undone_at IS NULL AND OLD.exit_ts IS NOT NULL AND (unixepoch(OLD.exit_ts) + 28800) > (unixepoch(OLD.entry_ts) + 28800)
    ON CONFLICT (lot_id, hour) DO UPDATE SET seconds = seconds + excluded.seconds;
  INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
    SELECT NEW.lot_id, date(NEW.exit_ts, '+28800 seconds'), 'WALK_IN', coalesce(NEW.paid_by, 'cash'), NEW.amount_cents, 1
     WHERE NEW.walk_in = 1 AND NEW.reservation_id IS NULL AND NEW.undone_at IS NULL AND NEW.amount_cents IS NOT NULL AND NEW.exit_ts IS NOT NULL
    ON CONFLICT (lot_id, day, kind, method) DO UPDATE SET cents = cents + excluded.cents, items = items + excluded.items;
  INSERT INTO lot_money_hours (lot_id, day, hour, cents)
    SELECT NEW.lot_id, date(NEW.exit_ts, '+28800 seconds'), CAST(strftime('%H', NEW.exit_ts, '+28800 seconds') AS INTEGER), NEW.amount_cents
     WHERE NEW.walk_in = 1 AND NEW.reservation_id IS NULL AND NEW.undone_at IS NULL AND NEW.amount_cents IS NOT NULL AND NEW.exit_ts IS NOT NULL
    ON CONFLICT (lot_id, day, hour) DO UPDATE SET cents = cents + excluded.cents;
  INSERT INTO lot_stay_hours (lot_id, hour, seconds)
    SELECT NEW.lot_id, h, (min((unixepoch(NEW.exit_ts) + 28800), h + 3600) - max((unixepoch(NEW.entry_ts) + 28800), h))
      FROM (SELECT (unixepoch(NEW.entry_ts) + 28800) - (unixepoch(NEW.entry_ts) + 28800) % 3600 + (a.n * 1000 + b.n) * 3600 AS h
              FROM rollup_hours a JOIN rollup_hours b ON b.n < ((unixepoch(NEW.exit_ts) + 28800) - ((unixepoch(NEW.entry_ts) + 28800) - (unixepoch(NEW.entry_ts) + 28800) % 3600) + 3599) / 3600 - a.n * 1000
             WHERE a.n <= (((unixepoch(NEW.exit_ts) + 28800) - ((unixepoch(NEW.entry_ts) + 28800) - (unixepoch(NEW.entry_ts) + 28800) % 3600) + 3599) / 3600 - 1) / 1000)
     WHERE NEW.walk_in = 1 AND NEW.reservation_id IS NULL AND NEW.undone_at IS NULL AND NEW.exit_ts IS NOT NULL AND (unixepoch(NEW.exit_ts) + 28800) > (unixepoch(NEW.entry_ts) + 28800)
    ON CONFLICT (lot_id, hour) DO UPDATE SET seconds = seconds + excluded.seconds;
END;--> statement-breakpoint
CREATE TRIGGER `checkins_customer_update` AFTER UPDATE OF lot_id, reservation_id ON `checkins`
BEGIN
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT OLD.lot_id, r.user_id, date(g.created_at, '+28800 seconds'), 0, g.amount_cents
      FROM gate_refunds g JOIN reservations r ON r.id = OLD.reservation_id
     WHERE g.checkin_id = OLD.id
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT NEW.lot_id, r.user_id, date(g.created_at, '+28800 seconds'), 0, -g.amount_cents
      FROM gate_refunds g JOIN reservations r ON r.id = NEW.reservation_id
     WHERE g.checkin_id = NEW.id
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
END;--> statement-breakpoint
CREATE TRIGGER `checkins_rollup_delete` AFTER DELETE ON `checkins`
  WHEN OLD.walk_in = 1 AND OLD.exit_ts IS NOT NULL AND NOT EXISTS (SELECT 1 FROM record_moves WHERE kind = 'stays')
BEGIN
  INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
    SELECT OLD.lot_id, date(OLD.exit_ts, '+28800 seconds'), 'WALK_IN', coalesce(OLD.paid_by, 'cash'), -OLD.amount_cents, -1
     WHERE OLD.walk_in = 1 AND OLD.reservation_id IS NULL AND OLD.undone_at IS NULL AND OLD.amount_cents IS NOT NULL AND OLD.exit_ts IS NOT NULL
    ON CONFLICT (lot_id, day, kind, method) DO UPDATE SET cents = cents + excluded.cents, items = items + excluded.items;
  INSERT INTO lot_money_hours (lot_id, day, hour, cents)
    SELECT OLD.lot_id, date(OLD.exit_ts, '+28800 seconds'), CAST(strftime('%H', OLD.exit_ts, '+28800 seconds') AS INTEGER), -OLD.amount_cents
     WHERE OLD.walk_in = 1 AND OLD.reservation_id IS NULL AND OLD.undone_at IS NULL AND OLD.amount_cents IS NOT NULL AND OLD.exit_ts IS NOT NULL
    ON CONFLICT (lot_id, day, hour) DO UPDATE SET cents = cents + excluded.cents;
  INSERT INTO lot_stay_hours (lot_id, hour, seconds)
    SELECT OLD.lot_id, h, -(min((unixepoch(OLD.exit_ts) + 28800), h + 3600) - max((unixepoch(OLD.entry_ts) + 28800), h))
      FROM (SELECT (unixepoch(OLD.entry_ts) + 28800) - (unixepoch(OLD.entry_ts) + 28800) % 3600 + (a.n * 1000 + b.n) * 3600 AS h
              FROM rollup_hours a JOIN rollup_hours b ON b.n < ((unixepoch(OLD.exit_ts) + 28800) - ((unixepoch(OLD.entry_ts) + 28800) - (unixepoch(OLD.entry_ts) + 28800) % 3600) + 3599) / 3600 - a.n * 1000
             WHERE a.n <= (((unixepoch(OLD.exit_ts) + 28800) - ((unixepoch(OLD.entry_ts) + 28800) - (unixepoch(OLD.entry_ts) + 28800) % 3600) + 3599) / 3600 - 1) / 1000)
     WHERE OLD.walk_in = 1 AND OLD.reservation_id IS NULL AND OLD.undone_at IS NULL AND OLD.exit_ts IS NOT NULL AND (unixepoch(OLD.exit_ts) + 28800) > (unixepoch(OLD.entry_ts) + 28800)
    ON CONFLICT (lot_id, hour) DO UPDATE SET seconds = seconds + excluded.seconds;
END;--> statement-breakpoint
CREATE TRIGGER `checkins_rollup_insert` AFTER INSERT ON `checkins`
  WHEN NEW.walk_in = 1 AND NEW.exit_ts IS NOT NULL AND NOT EXISTS (SELECT 1 FROM record_moves WHERE kind = 'stays')
BEGIN
  INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
    SELECT NEW.lot_id, date(NEW.exit_ts, '+28800 seconds'), 'WALK_IN', coalesce(NEW.paid_by, 'cash'), NEW.amount_cents, 1
     WHERE NEW.walk_in = 1 AND NEW.reservation_id IS NULL AND NEW.undone_at IS NULL AND NEW.amount_cents IS NOT NULL AND NEW.exit_ts IS NOT NULL
    ON CONFLICT (lot_id, day, kind, method) DO UPDATE SET cents = cents + excluded.cents, items = items + excluded.items;
  INSERT INTO lot_money_hours (lot_id, day, hour, cents)
    SELECT NEW.lot_id, date(NEW.exit_ts, '+28800 seconds'), CAST(strftime('%H', NEW.exit_ts, '+28800 seconds') AS INTEGER), NEW.amount_cents
     WHERE NEW.walk_in = 1 AND NEW.reservation_id IS NULL AND NEW.undone_at IS NULL AND NEW.amount_cents IS NOT NULL AND NEW.exit_ts IS NOT NULL
    ON CONFLICT (lot_id, day, hour) DO UPDATE SET cents = cents + excluded.cents;
  INSERT INTO lot_stay_hours (lot_id, hour, seconds)
    SELECT NEW.lot_id, h, (min((unixepoch(NEW.exit_ts) + 28800), h + 3600) - max((unixepoch(NEW.entry_ts) + 28800), h))
      FROM (SELECT (unixepoch(NEW.entry_ts) + 28800) - (unixepoch(NEW.entry_ts) + 28800) % 3600 + (a.n * 1000 + b.n) * 3600 AS h
              FROM rollup_hours a JOIN rollup_hours b ON b.n < ((unixepoch(NEW.exit_ts) + 28800) - ((unixepoch(NEW.entry_ts) + 28800) - (unixepoch(NEW.entry_ts) + 28800) % 3600) + 3599) / 3600 - a.n * 1000
             WHERE a.n <= (((unixepoch(NEW.exit_ts) + 28800) - ((unixepoch(NEW.entry_ts) + 28800) - (unixepoch(NEW.entry_ts) + 28800) % 3600) + 3599) / 3600 - 1) / 1000)
     WHERE NEW.walk_in = 1 AND NEW.reservation_id IS NULL AND NEW.undone_at IS NULL AND NEW.exit_ts IS NOT NULL AND (unixepoch(NEW.exit_ts) + 28800) > (unixepoch(NEW.entry_ts) + 28800)
    ON CONFLICT (lot_id, hour) DO UPDATE SET seconds = seconds + excluded.seconds;
END;--> statement-breakpoint
CREATE TRIGGER `receipts_numbered` BEFORE INSERT ON `receipts`
  WHEN NEW.`seq` <= 0 OR NEW.`number` = '' OR NEW.`lot_id` = ''
    OR NOT ((NEW.`kind` = 'RECEIPT' AND NEW.`voids_id` IS NULL)
         OR (NEW.`kind` = 'VOID' AND NEW.`voids_id` IS NOT NULL AND NEW.`replaces_id` IS NULL))
BEGIN
  SELECT RAISE(ABORT, 'receipts are numbered and refer as their kind must');
END;--> statement-breakpoint
CREATE TRIGGER `receipts_no_update` BEFORE UPDATE ON `receipts`
BEGIN
  SELECT RAISE(ABORT, 'receipts are append-only');
END;--> statement-breakpoint
CREATE TRIGGER `receipts_no_delete` BEFORE DELETE ON `receipts`
BEGIN
  SELECT RAISE(ABORT, 'receipts are append-only');
END;--> statement-breakpoint
CREATE TRIGGER `wallet_tx_apply` AFTER INSERT ON `wallet_transactions`
BEGIN
  UPDATE `wallets`
     SET `balance_cents` = `balance_cents` + NEW.`amount_cents`,
         `points` = `points` + NEW.`points_delta`
   WHERE `id` = NEW.`wallet_id`;
END;--> statement-breakpoint
CREATE TRIGGER `wallet_tx_no_delete` BEFORE DELETE ON `wallet_transactions`
BEGIN
  SELECT RAISE(ABORT, 'wallet_transactions are append-only');
END;--> statement-breakpoint
CREATE TRIGGER `wallet_tx_no_update` BEFORE UPDATE ON `wallet_transactions`
BEGIN
  SELECT RAISE(ABORT, 'wallet_transactions are append-only');
END;--> statement-breakpoint
CREATE TRIGGER `gate_refunds_rollup_insert` AFTER INSERT ON `gate_refunds`
BEGIN
  INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
    SELECT (SELECT lot_id FROM checkins WHERE id = NEW.checkin_id), date(NEW.created_at, '+28800 seconds'), 'REFUND', NEW.method, -NEW.amount_cents, 1
     WHERE true
    ON CONFLICT (lot_id, day, kind, method) DO UPDATE SET cents = cents + excluded.cents, items = items + excluded.items;
  INSERT INTO lot_money_hours (lot_id, day, hour, cents)
    SELECT (SELECT lot_id FROM checkins WHERE id = NEW.checkin_id), date(NEW.created_at, '+28800 seconds'), CAST(strftime('%H', NEW.created_at, '+28800 seconds') AS INTEGER), -NEW.amount_cents
     WHERE true
    ON CONFLICT (lot_id, day, hour) DO UPDATE SET cents = cents + excluded.cents;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT (SELECT lot_id FROM checkins WHERE id = NEW.checkin_id), (SELECT r.user_id FROM checkins k JOIN reservations r ON r.id = k.reservation_id WHERE k.id = NEW.checkin_id), date(NEW.created_at, '+28800 seconds'), 0, -NEW.amount_cents
     WHERE (SELECT r.user_id FROM checkins k JOIN reservations r ON r.id = k.reservation_id WHERE k.id = NEW.checkin_id) IS NOT NULL
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
END;--> statement-breakpoint
CREATE TRIGGER `gate_refunds_rollup_delete` AFTER DELETE ON `gate_refunds`
BEGIN
  INSERT INTO lot_money_days (lot_id, day, kind, method, cents, items)
    SELECT (SELECT lot_id FROM checkins WHERE id = OLD.checkin_id), date(OLD.created_at, '+28800 seconds'), 'REFUND', OLD.method, OLD.amount_cents, -1
     WHERE true
    ON CONFLICT (lot_id, day, kind, method) DO UPDATE SET cents = cents + excluded.cents, items = items + excluded.items;
  INSERT INTO lot_money_hours (lot_id, day, hour, cents)
    SELECT (SELECT lot_id FROM checkins WHERE id = OLD.checkin_id), date(OLD.created_at, '+28800 seconds'), CAST(strftime('%H', OLD.created_at, '+28800 seconds') AS INTEGER), OLD.amount_cents
     WHERE true
    ON CONFLICT (lot_id, day, hour) DO UPDATE SET cents = cents + excluded.cents;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT (SELECT lot_id FROM checkins WHERE id = OLD.checkin_id), (SELECT r.user_id FROM checkins k JOIN reservations r ON r.id = k.reservation_id WHERE k.id = OLD.checkin_id), date(OLD.created_at, '+28800 seconds'), 0, OLD.amount_cents
     WHERE (SELECT r.user_id FROM checkins k JOIN reservations r ON r.id = k.reservation_id WHERE k.id = OLD.checkin_id) IS NOT NULL
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
END;--> statement-breakpoint
-- A booking leaves D1 for the archive once its period is listed in archived_periods: that delete is a
-- move, not an undoing, so the rollups keep counting it and its charges. Any other delete still takes
-- them out. The bodies are 0020's.
CREATE TRIGGER `reservations_rollup_delete` AFTER DELETE ON `reservations`
WHEN NOT EXISTS (SELECT 1 FROM archived_periods WHERE kind = 'reservations' AND lot_id = OLD.lot_id AND month = substr(date(OLD.end_ts, '+28800 seconds'), 1, 7))
BEGIN
  INSERT INTO lot_booking_days (lot_id, day, seconds, bookings)
    SELECT OLD.lot_id, date(OLD.start_ts, '+28800 seconds'), unixepoch(OLD.end_ts) - unixepoch(OLD.start_ts), -1
     WHERE OLD.status <> 'CANCELLED'
    ON CONFLICT (lot_id, day, seconds) DO UPDATE SET bookings = bookings + excluded.bookings;
  INSERT INTO lot_stay_hours (lot_id, hour, seconds)
    SELECT OLD.lot_id, h, -(min((unixepoch(OLD.end_ts) + 28800), h + 3600) - max((unixepoch(OLD.start_ts) + 28800), h))
      FROM (SELECT (unixepoch(OLD.start_ts) + 28800) - (unixepoch(OLD.start_ts) + 28800) % 3600 + (a.n * 1000 + b.n) * 3600 AS h
              FROM rollup_hours a JOIN rollup_hours b ON b.n < ((unixepoch(OLD.end_ts) + 28800) - ((unixepoch(OLD.start_ts) + 28800) - (unixepoch(OLD.start_ts) + 28800) % 3600) + 3599) / 3600 - a.n * 1000
             WHERE a.n <= (((unixepoch(OLD.end_ts) + 28800) - ((unixepoch(OLD.start_ts) + 28800) - (unixepoch(OLD.start_ts) + 28800) % 3600) + 3599) / 3600 - 1) / 1000)
     WHERE OLD.status IN ('CONFIRMED', 'ACTIVE', 'COMPLETED') AND (unixepoch(OLD.end_ts) + 28800) > (unixepoch(OLD.start_ts) + 28800)
    ON CONFLICT (lot_id, hour) DO UPDATE SET seconds = seconds + excluded.seconds;
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT OLD.lot_id, OLD.user_id, date(OLD.start_ts, '+28800 seconds'), -1, 0
     WHERE OLD.status <> 'CANCELLED'
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
END;--> statement-breakpoint
CREATE TRIGGER `reservations_customer_delete` BEFORE DELETE ON `reservations`
WHEN NOT EXISTS (SELECT 1 FROM archived_periods WHERE kind = 'reservations' AND lot_id = OLD.lot_id AND month = substr(date(OLD.end_ts, '+28800 seconds'), 1, 7))
BEGIN
  INSERT INTO lot_customer_days (lot_id, user_id, day, bookings, cents)
    SELECT coalesce(c.lot_id, OLD.lot_id), OLD.user_id, date(c.created_at, '+28800 seconds'), 0, -c.amount_cents
      FROM charges c
     WHERE c.reservation_id = OLD.id
    ON CONFLICT (lot_id, user_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents;
END;
