ALTER TABLE "orders" ADD COLUMN "sender_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sender_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sender_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "box" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "weight_lb" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contents" jsonb;