-- lot_money_days WITHOUT ROWID: every read is a lot's range of days, its key; a rowid table kept each
-- row twice (the table and its key's index). Rebuilt through a copy, as 0058 did (the rollup triggers name it).
CREATE TABLE `lot_money_days_copy` AS SELECT `lot_id`, `day`, `kind`, `method`, `cents`, `items` FROM `lot_money_days`;--> statement-breakpoint
DROP TABLE `lot_money_days`;--> statement-breakpoint
CREATE TABLE `lot_money_days` (
	`lot_id` text NOT NULL,
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`method` text NOT NULL,
	`cents` integer NOT NULL,
	`items` integer NOT NULL,
	PRIMARY KEY(`lot_id`, `day`, `kind`, `method`)
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `lot_money_days` SELECT * FROM `lot_money_days_copy`;--> statement-breakpoint
DROP TABLE `lot_money_days_copy`;
