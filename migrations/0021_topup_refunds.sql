CREATE TABLE `topup_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`wallet_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`provider_refund_id` text,
	`failure_reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`completed_at` text,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`wallet_id`) REFERENCES `wallets`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "topup_refunds_amount_positive" CHECK("topup_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `topup_refunds_one_per_topup` ON `topup_refunds` (`payment_id`) WHERE "topup_refunds"."status" <> 'refused';--> statement-breakpoint
ALTER TABLE `payments` ADD `provider_intent_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `provider_payment_id` text;