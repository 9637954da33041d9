-- The ledger is the only way to move a balance: every inserted row adds its signed amount and its
-- points to the wallet, in the same statement. The wallets CHECK constraints (balance and points
-- never negative) then abort the insert itself, so an overdraft can never be written, whatever the
-- concurrency. Ledger rows are append-only: updating or deleting them is refused.
CREATE TRIGGER `wallet_tx_apply` AFTER INSERT ON `wallet_transactions`
BEGIN
  UPDATE `wallets`
     SET `balance_cents` = `balance_cents` + NEW.`amount_cents`,
         `points` = `points` + NEW.`points_delta`
   WHERE `id` = NEW.`wallet_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `wallet_tx_no_update` BEFORE UPDATE ON `wallet_transactions`
BEGIN
  SELECT RAISE(ABORT, 'wallet_transactions are append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `wallet_tx_no_delete` BEFORE DELETE ON `wallet_transactions`
BEGIN
  SELECT RAISE(ABORT, 'wallet_transactions are append-only');
END;
