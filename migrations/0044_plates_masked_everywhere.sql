-- Every copy of a plate is masked with it (docs/privacy.md, Retention).
--
-- The audit trail: the retention update may mask `$.bookedPlate` (the plate on the booking a gate
-- override let another car in on) as it masks `$.plate`, one key at a time, nothing else moving.
-- The erasure's update is as in 0033.
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
      NEW.`actor` = OLD.`actor`
      AND instr(json_extract(OLD.`context_json`, '$.bookedPlate'), '•') = 0
      AND instr(json_extract(NEW.`context_json`, '$.bookedPlate'), '•') > 0
      AND substr(json_extract(NEW.`context_json`, '$.bookedPlate'), -2) = substr(json_extract(OLD.`context_json`, '$.bookedPlate'), -2)
      AND NEW.`context_json` IS json_set(OLD.`context_json`, '$.bookedPlate', json_extract(NEW.`context_json`, '$.bookedPlate'))
    )
    OR (
      (NEW.`actor` IS OLD.`actor` OR NEW.`actor` LIKE 'Deleted user <deleted-%@deleted.parkada.invalid>')
      AND (NEW.`context_json` IS OLD.`context_json` OR instr(NEW.`context_json`, '[erased]') > 0)
    )
  )
BEGIN
  SELECT RAISE(ABORT, 'audit_logs are append-only');
END;
--> statement-breakpoint
-- A pass sold keeps everything as sold but its plate, which may change once: from the plate in full to
-- its masked form (holding '•', ending as it did), on its driver's erasure or 13 months after it ended.
DROP TRIGGER `monthly_passes_plate_erased_only`;--> statement-breakpoint
CREATE TRIGGER `monthly_passes_plate_masked_only` BEFORE UPDATE OF plate ON `monthly_passes`
WHEN NOT (instr(OLD.`plate`, '•') = 0 AND instr(NEW.`plate`, '•') > 0 AND substr(NEW.`plate`, -2) = substr(OLD.`plate`, -2))
BEGIN
  SELECT RAISE(ABORT, 'monthly_passes are kept as sold');
END;
--> statement-breakpoint
-- The ledger names a pass's car by its masked plate from now on ("Monthly pass: …, December 2026 (NBC ••34)").
-- The rows written before name it in full, last, in brackets: masked here as core/vehicles.ts's maskPlate
-- does, the append-only trigger lifted for this one statement.
DROP TRIGGER `wallet_tx_no_update`;--> statement-breakpoint
UPDATE `wallet_transactions`
   SET `description` = (
     SELECT prefix || CASE WHEN length(compact) < 6 THEN '••' || substr(compact, -2)
                           ELSE substr(compact, 1, 3) || ' ' || substr('••••••••••', 1, length(compact) - 5) || substr(compact, -2) END || ')'
       FROM (SELECT prefix, replace(replace(body, prefix, ''), ' ', '') AS compact
               FROM (SELECT body, rtrim(body, replace(body, '(', '')) AS prefix
                       FROM (SELECT substr(`description`, 1, length(`description`) - 1) AS body)))
   )
 WHERE `description` LIKE 'Monthly pass: %(%)' AND instr(`description`, '•') = 0;--> statement-breakpoint
CREATE TRIGGER `wallet_tx_no_update` BEFORE UPDATE ON `wallet_transactions`
BEGIN
  SELECT RAISE(ABORT, 'wallet_transactions are append-only');
END;
