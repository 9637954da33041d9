CREATE TABLE `hold_claims` (
	`hold_id` text PRIMARY KEY NOT NULL,
	`reservation_id` text NOT NULL,
	`outcome` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `transition_guard` (
	`id` integer PRIMARY KEY NOT NULL,
	`changed` integer NOT NULL,
	CONSTRAINT "record_changed_meanwhile" CHECK("transition_guard"."changed" > 0)
);
--> statement-breakpoint
ALTER TABLE `reservations` ADD `version` integer DEFAULT 0 NOT NULL;