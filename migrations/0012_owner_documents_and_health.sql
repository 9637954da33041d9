CREATE TABLE `background_failures` (
	`id` text PRIMARY KEY NOT NULL,
	`job` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`failed_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `background_failures_at_idx` ON `background_failures` (`failed_at`);--> statement-breakpoint
CREATE TABLE `deployments` (
	`version_id` text PRIMARY KEY NOT NULL,
	`started_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `owner_application_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`r2_key` text NOT NULL,
	`uploaded_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `owner_applications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `owner_application_documents_app_idx` ON `owner_application_documents` (`application_id`,`uploaded_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `owner_application_documents_key_unique` ON `owner_application_documents` (`r2_key`);