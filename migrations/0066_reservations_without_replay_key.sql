-- reservations.idempotency_key: no booking has written it since replays moved to idempotency_keys (deleted
-- after REPLAY_KEY_DAYS); only the demo history still marked its rows with it. Its unique index was 0.64 MB of
-- the demo's 14.8 MB D1 (docs/architecture.md, Scale).
DROP INDEX `reservations_user_idem_unique`;--> statement-breakpoint
ALTER TABLE `reservations` DROP COLUMN `idempotency_key`;
