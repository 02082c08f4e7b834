ALTER TABLE "chat_clients" ADD COLUMN "typing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "client_message_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_message_key" ON "chat_messages" USING btree ("client_id","client_message_id") WHERE "chat_messages"."client_message_id" is not null;