CREATE INDEX `audit_logs_actor_idx` ON `audit_logs` (`actor_id`,`timestamp`);--> statement-breakpoint
CREATE INDEX `audit_logs_action_idx` ON `audit_logs` (`action`,`timestamp`);--> statement-breakpoint
-- The audit trail is append-only, like the wallet ledger: no API and no slip of code can rewrite or
-- erase what an admin, owner or attendant did.
CREATE TRIGGER `audit_logs_no_update` BEFORE UPDATE ON `audit_logs`
BEGIN
  SELECT RAISE(ABORT, 'audit_logs are append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_logs_no_delete` BEFORE DELETE ON `audit_logs`
BEGIN
  SELECT RAISE(ABORT, 'audit_logs are append-only');
END;
