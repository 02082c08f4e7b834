CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message" text NOT NULL,
	"link_url" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_period_check" CHECK ("announcements"."ends_at" > "announcements"."starts_at"),
	CONSTRAINT "announcements_message_check" CHECK (length(trim("announcements"."message")) > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_prices" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_prices_single_row" CHECK ("shop_prices"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "special_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"closed" boolean DEFAULT true NOT NULL,
	"opens_at" text,
	"closes_at" text,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "special_hours_period_check" CHECK ("special_hours"."ends_on" >= "special_hours"."starts_on"),
	CONSTRAINT "special_hours_open_check" CHECK ("special_hours"."closed" or ("special_hours"."opens_at" is not null and "special_hours"."closes_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "site_content_changes" DROP CONSTRAINT "site_content_changes_kind_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_before_sold_out" integer;--> statement-breakpoint
CREATE INDEX "announcements_ends_idx" ON "announcements" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "special_hours_ends_idx" ON "special_hours" USING btree ("ends_on");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_before_check" CHECK ("products"."stock_before_sold_out" is null or "products"."stock_before_sold_out" > 0);--> statement-breakpoint
ALTER TABLE "site_content_changes" ADD CONSTRAINT "site_content_changes_kind_check" CHECK ("site_content_changes"."kind" in ('text', 'settings', 'banner', 'prices'));