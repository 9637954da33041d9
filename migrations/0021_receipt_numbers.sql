CREATE TABLE `receipt_series` (
	`lot_id` text PRIMARY KEY NOT NULL,
	`prefix` text NOT NULL,
	`last_number` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "receipt_series_last_number_nonneg" CHECK("last_number" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `receipt_series_prefix_unique` ON `receipt_series` (`prefix`);--> statement-breakpoint
CREATE INDEX `checkins_reservation_idx` ON `checkins` (`reservation_id`);--> statement-breakpoint
-- Official receipt numbers (docs/booking.md, Receipts). Every lot that exists now gets its series: the
-- initials of its name (core/receipts.ts, receiptInitials, in SQL: ASCII letters and digits make the
-- words, at most three initials, 'L' for none) and a counter keeping the prefix unique, then its
-- receipts so far numbered 1… by issue time. Lots made later open theirs with their first document.
WITH RECURSIVE `walk`(`lot_id`, `name`, `pos`, `prev`, `initials`) AS (
  SELECT `id`, `name`, 0, ' ', '' FROM `lots`
  UNION ALL
  SELECT `lot_id`, `name`, `pos` + 1, substr(`name`, `pos` + 1, 1),
         `initials` || CASE
           WHEN length(`initials`) < 3 AND substr(`name`, `pos` + 1, 1) GLOB '[A-Za-z]' AND NOT `prev` GLOB '[A-Za-z0-9]'
           THEN upper(substr(`name`, `pos` + 1, 1)) ELSE '' END
    FROM `walk` WHERE `pos` < length(`name`)
),
`named` AS (
  SELECT `lots`.`id` AS `lot_id`, `lots`.`created_at` AS `created_at`,
         CASE WHEN `walk`.`initials` = '' THEN 'L' ELSE `walk`.`initials` END AS `initials`
    FROM `lots` JOIN `walk` ON `walk`.`lot_id` = `lots`.`id` AND `walk`.`pos` = length(`lots`.`name`)
)
INSERT INTO `receipt_series` (`lot_id`, `prefix`, `last_number`)
SELECT `lot_id`,
       `initials` || row_number() OVER (PARTITION BY `initials` ORDER BY `created_at`, `lot_id`),
       (SELECT count(*) FROM `receipts` JOIN `reservations` ON `reservations`.`id` = `receipts`.`reservation_id`
         WHERE `reservations`.`lot_id` = `named`.`lot_id`)
  FROM `named`;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`user_id` text NOT NULL,
	`reservation_id` text NOT NULL,
	`lot_id` text NOT NULL,
	`seq` integer NOT NULL,
	`number` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`vat_cents` integer DEFAULT 0 NOT NULL,
	`payment_reference` text,
	`replaces_id` text,
	`voids_id` text,
	`charge_lines` integer DEFAULT 0 NOT NULL,
	`refund_lines` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reservation_id`) REFERENCES `reservations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`replaces_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`voids_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "receipts_seq_positive" CHECK("seq" > 0),
	CONSTRAINT "receipts_kind_refers" CHECK(("kind" = 'RECEIPT' AND "voids_id" IS NULL) OR ("kind" = 'VOID' AND "voids_id" IS NOT NULL AND "replaces_id" IS NULL))
);
--> statement-breakpoint
-- Until now a reservation had one receipt, revised in place: it becomes that reservation's first (and
-- current) receipt, covering every charge and gate refund so far, numbered in its lot's series.
INSERT INTO `__new_receipts`("id", "kind", "user_id", "reservation_id", "lot_id", "seq", "number", "amount_cents", "vat_cents", "payment_reference", "replaces_id", "voids_id", "charge_lines", "refund_lines", "created_at")
SELECT `numbered`.`id`, 'RECEIPT', `numbered`.`user_id`, `numbered`.`reservation_id`, `numbered`.`lot_id`, `numbered`.`seq`,
       `receipt_series`.`prefix` || '-' || printf('%06d', `numbered`.`seq`),
       `numbered`.`amount_cents`, `numbered`.`vat_cents`, `numbered`.`payment_reference`, NULL, NULL,
       (SELECT count(*) FROM `charges` WHERE `charges`.`reservation_id` = `numbered`.`reservation_id`),
       (SELECT count(*) FROM `gate_refunds` JOIN `checkins` ON `checkins`.`id` = `gate_refunds`.`checkin_id`
         WHERE `checkins`.`reservation_id` = `numbered`.`reservation_id`),
       `numbered`.`created_at`
  FROM (SELECT `receipts`.*, `reservations`.`lot_id` AS `lot_id`,
               row_number() OVER (PARTITION BY `reservations`.`lot_id` ORDER BY `receipts`.`created_at`, `receipts`.`id`) AS `seq`
          FROM `receipts` JOIN `reservations` ON `reservations`.`id` = `receipts`.`reservation_id`) AS `numbered`
  JOIN `receipt_series` ON `receipt_series`.`lot_id` = `numbered`.`lot_id`;--> statement-breakpoint
DROP TABLE `receipts`;--> statement-breakpoint
ALTER TABLE `__new_receipts` RENAME TO `receipts`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `receipts_user_idx` ON `receipts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `receipts_reservation_idx` ON `receipts` (`reservation_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_number_unique` ON `receipts` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_series_unique` ON `receipts` (`lot_id`,`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_first_unique` ON `receipts` (`reservation_id`) WHERE "receipts"."kind" = 'RECEIPT' AND "receipts"."replaces_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_replaces_unique` ON `receipts` (`replaces_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_voids_unique` ON `receipts` (`voids_id`);--> statement-breakpoint
-- A numbered document is never changed or taken back: a void is a new document (like the ledger and the audit log).
CREATE TRIGGER `receipts_no_update` BEFORE UPDATE ON `receipts`
BEGIN
  SELECT RAISE(ABORT, 'receipts are append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `receipts_no_delete` BEFORE DELETE ON `receipts`
BEGIN
  SELECT RAISE(ABORT, 'receipts are append-only');
END;
