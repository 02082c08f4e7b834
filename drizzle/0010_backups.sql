CREATE TABLE "backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"kind" text NOT NULL,
	"slot" text,
	"status" text DEFAULT 'running' NOT NULL,
	"phase" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"dir" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"size_bytes" bigint,
	"summary" jsonb,
	"s3_key" text,
	"error" text,
	"actor_name" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backups_file_name_idx" ON "backups" USING btree ("file_name");--> statement-breakpoint
CREATE UNIQUE INDEX "backups_slot_idx" ON "backups" USING btree ("slot");--> statement-breakpoint
CREATE INDEX "backups_started_idx" ON "backups" USING btree ("started_at" DESC NULLS LAST);