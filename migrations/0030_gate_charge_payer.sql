ALTER TABLE `checkins` ADD `payer_id` text REFERENCES users(id);--> statement-breakpoint
-- Whose wallet paid each wallet exit so far: the holder of the exit's PAYMENT row (a pay code's
-- driver, keyed paycode:<jti>, or the reservation's driver, keyed checkin:<id>:exit), else the
-- reservation's driver, who was the only payer before pay codes.
UPDATE `checkins` SET `payer_id` = coalesce(
  (SELECT w.user_id FROM wallet_transactions t JOIN wallets w ON w.id = t.wallet_id
    WHERE t.reservation_id = checkins.reservation_id AND t.type = 'PAYMENT'
      AND (t.idempotency_key = 'checkin:' || checkins.id || ':exit' OR t.idempotency_key LIKE 'paycode:%')
    ORDER BY t.created_at LIMIT 1),
  (SELECT user_id FROM reservations WHERE id = checkins.reservation_id)
) WHERE `paid_by` = 'wallet';
