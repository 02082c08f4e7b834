CREATE TABLE "mail_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"params" jsonb NOT NULL,
	"dedupe_key" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject" text,
	"html" text,
	"text_body" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_queue_state_check" CHECK ("mail_queue"."state" in ('queued', 'sending', 'sent', 'failed', 'held'))
);
--> statement-breakpoint
CREATE TABLE "order_mail_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "order_mail_subscriptions_email_check" CHECK ("order_mail_subscriptions"."email" = lower("order_mail_subscriptions"."email"))
);
--> statement-breakpoint
CREATE TABLE "staff_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "staff_tokens_purpose_check" CHECK ("staff_tokens"."purpose" in ('invitation', 'reset'))
);
--> statement-breakpoint
ALTER TABLE "order_settings" ADD COLUMN "mail_statuses" jsonb DEFAULT '["enviando","en_reparto","entregado"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_settings" ADD COLUMN "mail_events" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "order_mail_subscriptions" ADD CONSTRAINT "order_mail_subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_queue_dedupe_key" ON "mail_queue" USING btree ("dedupe_key") WHERE "mail_queue"."dedupe_key" is not null;--> statement-breakpoint
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("next_attempt_at") WHERE "mail_queue"."state" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "mail_queue_created_idx" ON "mail_queue" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "order_mail_subscriptions_order_email_key" ON "order_mail_subscriptions" USING btree ("order_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "order_mail_subscriptions_token_key" ON "order_mail_subscriptions" USING btree ("token");--> statement-breakpoint
CREATE INDEX "staff_tokens_user_idx" ON "staff_tokens" USING btree ("user_id");