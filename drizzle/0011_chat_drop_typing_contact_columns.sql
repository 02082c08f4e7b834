ALTER TABLE "chat_agent_status" DROP CONSTRAINT "chat_agent_status_check";--> statement-breakpoint
ALTER TABLE "chat_agents" DROP COLUMN "replied_at";--> statement-breakpoint
ALTER TABLE "chat_clients" DROP COLUMN "is_agent_typing";--> statement-breakpoint
ALTER TABLE "chat_clients" DROP COLUMN "typing_agent_name";--> statement-breakpoint
ALTER TABLE "chat_clients" DROP COLUMN "typing_at";--> statement-breakpoint
ALTER TABLE "chat_clients" DROP COLUMN "contact_name";--> statement-breakpoint
ALTER TABLE "chat_clients" DROP COLUMN "contact_phone";--> statement-breakpoint
ALTER TABLE "chat_clients" DROP COLUMN "contact_email";--> statement-breakpoint
ALTER TABLE "chat_agent_status" ADD CONSTRAINT "chat_agent_status_check" CHECK ("chat_agent_status"."status" in ('online', 'away', 'offline'));