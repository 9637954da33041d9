CREATE TABLE `lot_ratings` (
	`lot_id` text PRIMARY KEY NOT NULL,
	`stars_5` integer DEFAULT 0 NOT NULL,
	`stars_4` integer DEFAULT 0 NOT NULL,
	`stars_3` integer DEFAULT 0 NOT NULL,
	`stars_2` integer DEFAULT 0 NOT NULL,
	`stars_1` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `review_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`review_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`decided_at` text,
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_reports_once_unique` ON `review_reports` (`review_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `review_reports_open_idx` ON `review_reports` (`decided_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`lot_id` text NOT NULL,
	`user_id` text NOT NULL,
	`reservation_id` text,
	`monthly_pass_id` text,
	`rating` integer NOT NULL,
	`text` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`edited_at` text,
	`reply_text` text,
	`reply_by` text,
	`replied_at` text,
	`reply_edited_at` text,
	`moderation` text,
	`moderation_reason` text,
	`moderated_by` text,
	`moderated_at` text,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reservation_id`) REFERENCES `reservations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`monthly_pass_id`) REFERENCES `monthly_passes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reply_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`moderated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "reviews_one_stay" CHECK(("reviews"."reservation_id" IS NULL) <> ("reviews"."monthly_pass_id" IS NULL)),
	CONSTRAINT "reviews_rating_range" CHECK("reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE INDEX `reviews_lot_idx` ON `reviews` (`lot_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_user_idx` ON `reviews` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_reservation_unique` ON `reviews` (`reservation_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_monthly_pass_unique` ON `reviews` (`monthly_pass_id`);