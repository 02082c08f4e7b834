CREATE TABLE "site_content_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_content_changes_kind_check" CHECK ("site_content_changes"."kind" in ('text', 'settings', 'banner'))
);
--> statement-breakpoint
ALTER TABLE "site_content_changes" ADD CONSTRAINT "site_content_changes_changed_by_staff_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_content_changes_at_idx" ON "site_content_changes" USING btree ("changed_at" DESC NULLS LAST);