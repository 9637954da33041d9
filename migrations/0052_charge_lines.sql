-- A rate card's lines of each charge, as priced when it was made, for its receipt (docs/booking.md, Receipts).
ALTER TABLE `charges` ADD `lines_json` text;