ALTER TABLE `pricing` ADD `rate_card_json` text;--> statement-breakpoint
ALTER TABLE `pricing` ADD `waivers_json` text;