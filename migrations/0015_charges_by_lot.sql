ALTER TABLE `charges` ADD `lot_id` text;--> statement-breakpoint
CREATE INDEX `charges_lot_time_idx` ON `charges` (`lot_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reservations_lot_end_idx` ON `reservations` (`lot_id`,`end_ts`);--> statement-breakpoint
-- Every charge carries its reservation's lot, set in the same statement as the insert, so an owner's
-- revenue for a period is one range of charges_lot_time_idx whatever wrote the charge.
UPDATE `charges` SET `lot_id` = (SELECT `lot_id` FROM `reservations` WHERE `reservations`.`id` = `charges`.`reservation_id`);--> statement-breakpoint
CREATE TRIGGER `charges_lot` AFTER INSERT ON `charges` WHEN NEW.`lot_id` IS NULL
BEGIN
  UPDATE `charges` SET `lot_id` = (SELECT `lot_id` FROM `reservations` WHERE `id` = NEW.`reservation_id`) WHERE `id` = NEW.`id`;
END;
