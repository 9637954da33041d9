ALTER TABLE `verifications` ADD `user_id` text REFERENCES users(id) ON DELETE cascade;--> statement-breakpoint
-- One-time passwords are gone: an owner now sends an invitation link and the person sets their own
-- password. A one-time password some owner was shown stops working here (the hash of a password nobody
-- knows, DUMMY_PASSWORD_HASH in worker/auth/password.ts); its holder sets their own with "Forgot
-- password?", which also verifies the address. The two columns stay, unused.
UPDATE `users` SET `password_hash` = 'pbkdf2$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=', `must_change_password` = 0, `password_expires_at` = NULL WHERE `must_change_password` = 1;
