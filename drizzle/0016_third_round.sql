CREATE TABLE "contact_merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kept_id" uuid NOT NULL,
	"gone" jsonb NOT NULL,
	"moved" jsonb NOT NULL,
	"took" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "request_results" (
	"key" uuid PRIMARY KEY NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "claimed_phone" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "claimed_email" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "possible_match_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_key" uuid;--> statement-breakpoint
ALTER TABLE "contact_merges" ADD CONSTRAINT "contact_merges_kept_id_contacts_id_fk" FOREIGN KEY ("kept_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_merges_kept_idx" ON "contact_merges" USING btree ("kept_id","created_at");--> statement-breakpoint
CREATE INDEX "request_results_created_idx" ON "request_results" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_possible_match_id_contacts_id_fk" FOREIGN KEY ("possible_match_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_request_key" ON "orders" USING btree ("request_key") WHERE "orders"."request_key" is not null;