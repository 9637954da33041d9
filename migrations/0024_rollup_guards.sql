-- Hand-written: the columns the lot rollups (0020) key on but no trigger follows, held fixed, so no
-- write can leave a rollup behind its records (docs/owner.md, "Rollups"). A charge's lot is set once,
-- by `charges_lot` right after its insert; a gate refund is never changed; a reservation's driver never changes.
CREATE TRIGGER `charges_lot_fixed` BEFORE UPDATE OF `lot_id` ON `charges`
  WHEN OLD.`lot_id` IS NOT NULL AND OLD.`lot_id` IS NOT NEW.`lot_id`
BEGIN
  SELECT RAISE(ABORT, 'A charge stays at its lot.');
END;--> statement-breakpoint
CREATE TRIGGER `gate_refunds_no_update` BEFORE UPDATE ON `gate_refunds`
BEGIN
  SELECT RAISE(ABORT, 'A gate refund is never changed.');
END;--> statement-breakpoint
CREATE TRIGGER `reservations_driver_fixed` BEFORE UPDATE OF `user_id` ON `reservations`
  WHEN OLD.`user_id` IS NOT NEW.`user_id`
BEGIN
  SELECT RAISE(ABORT, 'A reservation stays its driver''s.');
END;
