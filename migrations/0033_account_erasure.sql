ALTER TABLE `users` ADD `deleted_at` text;--> statement-breakpoint
-- An erased person's plate leaves the passes they bought (docs/privacy.md): a pass sold stays as
-- sold in everything else, and its plate changes only once its driver's account is deleted.
DROP TRIGGER `monthly_passes_fixed`;--> statement-breakpoint
CREATE TRIGGER `monthly_passes_fixed` BEFORE UPDATE OF id, product_id, lot_id, user_id, vehicle_type, period_kind, valid_from, valid_until, days_mask, open_minute, close_minute, amount_cents, renews_id, created_at ON `monthly_passes`
BEGIN
  SELECT RAISE(ABORT, 'monthly_passes are kept as sold');
END;
--> statement-breakpoint
CREATE TRIGGER `monthly_passes_plate_erased_only` BEFORE UPDATE OF plate ON `monthly_passes`
WHEN NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id` AND `deleted_at` IS NOT NULL)
BEGIN
  SELECT RAISE(ABORT, 'monthly_passes are kept as sold');
END;
--> statement-breakpoint
-- The audit trail stays append-only in who did what, to what and when (actor_id, action, subject,
-- timestamp). Two updates only are allowed, each leaving those as they were:
-- - retention (0032): the daily Cron masks the plate an entry names, once, keeping its last two characters;
-- - erasure: the words of an entry lose a deleted person's identity: the actor becomes the pseudonym
--   "Deleted user <…>", and the context only ever has words replaced by "[erased]".
DROP TRIGGER `audit_logs_no_update`;--> statement-breakpoint
CREATE TRIGGER `audit_logs_no_update` BEFORE UPDATE ON `audit_logs`
WHEN NEW.`id` IS NOT OLD.`id` OR NEW.`actor_id` IS NOT OLD.`actor_id` OR NEW.`action` IS NOT OLD.`action`
  OR NEW.`subject` IS NOT OLD.`subject` OR NEW.`timestamp` IS NOT OLD.`timestamp`
  OR NOT (
    (
      NEW.`actor` = OLD.`actor`
      AND instr(json_extract(OLD.`context_json`, '$.plate'), '•') = 0
      AND instr(json_extract(NEW.`context_json`, '$.plate'), '•') > 0
      AND substr(json_extract(NEW.`context_json`, '$.plate'), -2) = substr(json_extract(OLD.`context_json`, '$.plate'), -2)
      AND NEW.`context_json` IS json_set(OLD.`context_json`, '$.plate', json_extract(NEW.`context_json`, '$.plate'))
    )
    OR (
      (NEW.`actor` IS OLD.`actor` OR NEW.`actor` LIKE 'Deleted user <deleted-%@deleted.parkada.invalid>')
      AND (NEW.`context_json` IS OLD.`context_json` OR instr(NEW.`context_json`, '[erased]') > 0)
    )
  )
BEGIN
  SELECT RAISE(ABORT, 'audit_logs are append-only');
END;
