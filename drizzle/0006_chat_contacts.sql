ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_nonempty_check";--> statement-breakpoint
ALTER TABLE "chat_agents" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_clients" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "chat_clients" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "chat_clients" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_nonempty_check" CHECK (length(trim("chat_messages"."message")) > 0 or "chat_messages"."image_url" is not null);