-- The Terms of Service and Privacy Policy versions each user accepted, and when (core/legal.ts). Accounts
-- that existed before stay null: they are asked once, at their next visit (docs/privacy.md).
ALTER TABLE `users` ADD `terms_version` text;--> statement-breakpoint
ALTER TABLE `users` ADD `privacy_version` text;--> statement-breakpoint
ALTER TABLE `users` ADD `terms_accepted_at` text;--> statement-breakpoint
-- Retention (docs/privacy.md): a rejected applicant's document whose file was deleted keeps its row, marked.
ALTER TABLE `owner_application_documents` ADD `purged_at` text;--> statement-breakpoint
-- The audit trail stays append-only but for one update: the daily Cron masking the plate an entry names
-- once its retention period is over (core/vehicles.ts, maskPlate). Only `$.plate` of the context may
-- change, from a plate in full to a masked one (holding '•') that ends as it did; nothing else moves.
DROP TRIGGER `audit_logs_no_update`;--> statement-breakpoint
CREATE TRIGGER `audit_logs_no_update` BEFORE UPDATE ON `audit_logs`
WHEN NOT (
  NEW.id = OLD.id AND NEW.actor_id IS OLD.actor_id AND NEW.actor = OLD.actor AND NEW.action = OLD.action
  AND NEW.subject = OLD.subject AND NEW.timestamp = OLD.timestamp
  AND instr(json_extract(OLD.context_json, '$.plate'), '•') = 0
  AND instr(json_extract(NEW.context_json, '$.plate'), '•') > 0
  AND substr(json_extract(NEW.context_json, '$.plate'), -2) = substr(json_extract(OLD.context_json, '$.plate'), -2)
  AND NEW.context_json IS json_set(OLD.context_json, '$.plate', json_extract(NEW.context_json, '$.plate'))
)
BEGIN
  SELECT RAISE(ABORT, 'audit_logs are append-only');
END;
