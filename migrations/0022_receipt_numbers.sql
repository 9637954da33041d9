CREATE TABLE `receipt_series` (
	`lot_id` text PRIMARY KEY NOT NULL,
	`prefix` text NOT NULL,
	`last_number` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "receipt_series_last_number_nonneg" CHECK("receipt_series"."last_number" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `receipt_series_prefix_unique` ON `receipt_series` (`prefix`);--> statement-breakpoint
DROP INDEX `receipts_reservation_unique`;--> statement-breakpoint
ALTER TABLE `receipts` ADD `kind` text DEFAULT 'RECEIPT' NOT NULL;--> statement-breakpoint
ALTER TABLE `receipts` ADD `lot_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `receipts` ADD `seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `receipts` ADD `number` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `receipts` ADD `replaces_id` text REFERENCES receipts(id);--> statement-breakpoint
ALTER TABLE `receipts` ADD `voids_id` text REFERENCES receipts(id);--> statement-breakpoint
ALTER TABLE `receipts` ADD `charge_lines` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `receipts` ADD `refund_lines` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `receipts_reservation_idx` ON `receipts` (`reservation_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_number_unique` ON `receipts` (`number`) WHERE "receipts"."seq" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_series_unique` ON `receipts` (`lot_id`,`seq`) WHERE "receipts"."seq" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_first_unique` ON `receipts` (`reservation_id`) WHERE "receipts"."kind" = 'RECEIPT' AND "receipts"."replaces_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_replaces_unique` ON `receipts` (`replaces_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_voids_unique` ON `receipts` (`voids_id`);--> statement-breakpoint
CREATE INDEX `checkins_reservation_idx` ON `checkins` (`reservation_id`);--> statement-breakpoint
-- Hand-written: official receipt numbers (docs/booking.md, Receipts). Everything above is generated
-- and adds the columns with defaults; this block numbers what exists, then guards the table.
--
-- Every lot that exists gets its series: the initials of its name (core/receipts.ts, receiptInitials,
-- here in SQL: ASCII letters and digits make the words, at most three initials, 'L' for none) and a
-- counter keeping the prefix unique, its last number the count of its receipts so far. Lots made
-- later open theirs with their first document.
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
-- Until now a reservation had one receipt, revised in place: it becomes that reservation's first (and
-- current) receipt, numbered 1… in its lot's series by issue time, covering every charge and gate
-- refund so far.
UPDATE `receipts`
   SET `lot_id` = `numbered`.`lot_id`,
       `seq` = `numbered`.`seq`,
       `number` = `receipt_series`.`prefix` || '-' || printf('%06d', `numbered`.`seq`),
       `charge_lines` = (SELECT count(*) FROM `charges` WHERE `charges`.`reservation_id` = `receipts`.`reservation_id`),
       `refund_lines` = (SELECT count(*) FROM `gate_refunds` JOIN `checkins` ON `checkins`.`id` = `gate_refunds`.`checkin_id`
                          WHERE `checkins`.`reservation_id` = `receipts`.`reservation_id`)
  FROM (SELECT `receipts`.`id` AS `id`, `reservations`.`lot_id` AS `lot_id`,
               row_number() OVER (PARTITION BY `reservations`.`lot_id` ORDER BY `receipts`.`created_at`, `receipts`.`id`) AS `seq`
          FROM `receipts` JOIN `reservations` ON `reservations`.`id` = `receipts`.`reservation_id`) AS `numbered`
  JOIN `receipt_series` ON `receipt_series`.`lot_id` = `numbered`.`lot_id`
 WHERE `receipts`.`id` = `numbered`.`id`;--> statement-breakpoint
-- A document is numbered in its series and refers as its kind must: a VOID to the receipt it voids,
-- a RECEIPT at most to the one it replaces.
CREATE TRIGGER `receipts_numbered` BEFORE INSERT ON `receipts`
  WHEN NEW.`seq` <= 0 OR NEW.`number` = '' OR NEW.`lot_id` = ''
    OR NOT ((NEW.`kind` = 'RECEIPT' AND NEW.`voids_id` IS NULL)
         OR (NEW.`kind` = 'VOID' AND NEW.`voids_id` IS NOT NULL AND NEW.`replaces_id` IS NULL))
BEGIN
  SELECT RAISE(ABORT, 'receipts are numbered and refer as their kind must');
END;
--> statement-breakpoint
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
