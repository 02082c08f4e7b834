-- Two notes on an order (issue 39): the old one was shown on the tracking page although staff wrote
-- it for themselves; it becomes the internal note, and nothing is published that staff did not
-- write for the customer.
ALTER TABLE "orders" RENAME COLUMN "notes" TO "internal_note";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_note" text;
