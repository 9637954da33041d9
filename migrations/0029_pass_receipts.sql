-- Hand-written: official receipts for monthly passes (docs/booking.md, Receipts; docs/passes.md). A
-- receipt certifies either a reservation's payments or a monthly pass's sale (or renewal): exactly one
-- of `reservation_id`, `monthly_pass_id`. SQLite cannot drop a NOT NULL, so the table is rebuilt with
-- its rows, indexes and append-only triggers as they were; the foreign keys (the table refers to
-- itself) are checked at the commit, once the new table has the old one's name.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`reservation_id` text,
	`amount_cents` integer NOT NULL,
	`vat_cents` integer DEFAULT 0 NOT NULL,
	`payment_reference` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`kind` text DEFAULT 'RECEIPT' NOT NULL,
	`lot_id` text DEFAULT '' NOT NULL,
	`seq` integer DEFAULT 0 NOT NULL,
	`number` text DEFAULT '' NOT NULL,
	`replaces_id` text,
	`voids_id` text,
	`charge_lines` integer DEFAULT 0 NOT NULL,
	`refund_lines` integer DEFAULT 0 NOT NULL,
	`monthly_pass_id` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reservation_id`) REFERENCES `reservations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`replaces_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`voids_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`monthly_pass_id`) REFERENCES `monthly_passes`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "receipts_one_subject" CHECK(("__new_receipts"."reservation_id" IS NULL) <> ("__new_receipts"."monthly_pass_id" IS NULL))
);
--> statement-breakpoint
INSERT INTO `__new_receipts` (`id`, `user_id`, `reservation_id`, `amount_cents`, `vat_cents`, `payment_reference`, `created_at`, `kind`, `lot_id`, `seq`, `number`, `replaces_id`, `voids_id`, `charge_lines`, `refund_lines`)
SELECT `id`, `user_id`, `reservation_id`, `amount_cents`, `vat_cents`, `payment_reference`, `created_at`, `kind`, `lot_id`, `seq`, `number`, `replaces_id`, `voids_id`, `charge_lines`, `refund_lines` FROM `receipts`;--> statement-breakpoint
DROP TABLE `receipts`;--> statement-breakpoint
ALTER TABLE `__new_receipts` RENAME TO `receipts`;--> statement-breakpoint
CREATE INDEX `receipts_user_idx` ON `receipts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `receipts_reservation_idx` ON `receipts` (`reservation_id`);--> statement-breakpoint
CREATE INDEX `receipts_monthly_pass_idx` ON `receipts` (`monthly_pass_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_number_unique` ON `receipts` (`number`) WHERE "receipts"."seq" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_series_unique` ON `receipts` (`lot_id`,`seq`) WHERE "receipts"."seq" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_first_unique` ON `receipts` (`reservation_id`) WHERE "receipts"."kind" = 'RECEIPT' AND "receipts"."replaces_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_pass_first_unique` ON `receipts` (`monthly_pass_id`) WHERE "receipts"."kind" = 'RECEIPT' AND "receipts"."replaces_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_replaces_unique` ON `receipts` (`replaces_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_voids_unique` ON `receipts` (`voids_id`);--> statement-breakpoint
-- The guards of migrations/0022, unchanged: a document is numbered in its series and refers as its
-- kind must, and is never changed or taken back.
CREATE TRIGGER `receipts_numbered` BEFORE INSERT ON `receipts`
  WHEN NEW.`seq` <= 0 OR NEW.`number` = '' OR NEW.`lot_id` = ''
    OR NOT ((NEW.`kind` = 'RECEIPT' AND NEW.`voids_id` IS NULL)
         OR (NEW.`kind` = 'VOID' AND NEW.`voids_id` IS NOT NULL AND NEW.`replaces_id` IS NULL))
BEGIN
  SELECT RAISE(ABORT, 'receipts are numbered and refer as their kind must');
END;
--> statement-breakpoint
CREATE TRIGGER `receipts_no_update` BEFORE UPDATE ON `receipts`
BEGIN
  SELECT RAISE(ABORT, 'receipts are append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `receipts_no_delete` BEFORE DELETE ON `receipts`
BEGIN
  SELECT RAISE(ABORT, 'receipts are append-only');
END;
