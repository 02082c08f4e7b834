CREATE TABLE "chat_saved_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_saved_replies_title_check" CHECK (length(trim("chat_saved_replies"."title")) > 0),
	CONSTRAINT "chat_saved_replies_body_check" CHECK (length(trim("chat_saved_replies"."body")) > 0)
);
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"key" text NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_deliveries_key_owner_kind_owner_id_pk" PRIMARY KEY("key","owner_kind","owner_id")
);
--> statement-breakpoint
CREATE TABLE "push_keys" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_keys_single_check" CHECK ("push_keys"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_kind_check" CHECK ("push_subscriptions"."owner_kind" in ('staff', 'order'))
);
--> statement-breakpoint
CREATE INDEX "chat_saved_replies_title_idx" ON "chat_saved_replies" USING btree ("title");--> statement-breakpoint
CREATE INDEX "push_deliveries_created_idx" ON "push_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_owner_endpoint_key" ON "push_subscriptions" USING btree ("owner_kind","owner_id","endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "chat_clients_list_idx" ON "chat_clients" USING btree ("status","last_active" DESC NULLS LAST,"client_id" DESC NULLS LAST) WHERE not "chat_clients"."is_archived";--> statement-breakpoint
CREATE INDEX "chat_assignments_agent_active_idx" ON "chat_conversation_assignments" USING btree ("agent_id") WHERE "chat_conversation_assignments"."is_active";