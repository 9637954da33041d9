ALTER TABLE `lots` ADD `entrance_lat` real;--> statement-breakpoint
ALTER TABLE `lots` ADD `entrance_lng` real;--> statement-breakpoint
ALTER TABLE `lot_revisions` ADD `entrance_lat` real;--> statement-breakpoint
ALTER TABLE `lot_revisions` ADD `entrance_lng` real;
