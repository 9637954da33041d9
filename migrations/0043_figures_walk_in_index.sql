DROP INDEX `checkins_reservation_idx`;--> statement-breakpoint
CREATE INDEX `checkins_reservation_idx` ON `checkins` (`reservation_id`,`walk_in`,`undone_at`,`lot_id`,`exit_ts`);--> statement-breakpoint
CREATE INDEX `gate_refunds_created_idx` ON `gate_refunds` (`created_at`);