CREATE TABLE "about_us_carousel_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"image_url" text NOT NULL,
	"alt_text" text DEFAULT 'Cliente satisfecho',
	"display_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banner_image_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"image_url" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"value" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_agent_status" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'offline' NOT NULL,
	"estimated_response_time" text DEFAULT '5-10 minutos' NOT NULL,
	"status_message" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_agent_status_check" CHECK ("chat_agent_status"."status" in ('online', 'busy', 'away', 'offline'))
);
--> statement-breakpoint
CREATE TABLE "chat_agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"avatar_url" text,
	"is_online" boolean DEFAULT false NOT NULL,
	"last_seen" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"client_name" text DEFAULT 'Cliente Web' NOT NULL,
	"custom_name" text,
	"secret_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active" timestamp with time zone DEFAULT now() NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"is_agent_typing" boolean DEFAULT false NOT NULL,
	"typing_agent_name" text,
	CONSTRAINT "chat_clients_status_check" CHECK ("chat_clients"."status" in ('open', 'resolved')),
	CONSTRAINT "chat_clients_unread_check" CHECK ("chat_clients"."unread_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "chat_conversation_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"agent_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"sender" text NOT NULL,
	"message" text NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"agent_id" uuid,
	"agent_name" text,
	CONSTRAINT "chat_messages_sender_check" CHECK ("chat_messages"."sender" in ('client', 'admin')),
	CONSTRAINT "chat_messages_nonempty_check" CHECK (length(trim("chat_messages"."message")) > 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_personnel" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_personnel_name_check" CHECK (length(trim("delivery_personnel"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hero_carousel_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"autoplay_speed" integer DEFAULT 5000 NOT NULL,
	"show_arrows" boolean DEFAULT true NOT NULL,
	"show_dots" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hero_carousel_single_row" CHECK ("hero_carousel_settings"."id" = 1),
	CONSTRAINT "hero_carousel_speed_check" CHECK ("hero_carousel_settings"."autoplay_speed" between 1000 and 10000)
);
--> statement-breakpoint
CREATE TABLE "hero_gallery_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"image_url" text NOT NULL,
	"display_order" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"alt_text" text,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"style_settings" jsonb,
	CONSTRAINT "hero_gallery_order_check" CHECK ("hero_gallery_images"."display_order" >= 0)
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tracking_number" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text,
	"customer_address" text,
	"order_description" text NOT NULL,
	"order_total" text,
	"status" text DEFAULT 'en_local' NOT NULL,
	"delivery_person_id" uuid,
	"estimated_delivery_time" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"en_local_at" timestamp with time zone,
	"enviando_at" timestamp with time zone,
	"en_reparto_at" timestamp with time zone,
	"entregado_at" timestamp with time zone,
	"cancelado_at" timestamp with time zone,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('en_local', 'enviando', 'en_reparto', 'entregado', 'cancelado')),
	CONSTRAINT "orders_tracking_format_check" CHECK ("orders"."tracking_number" ~ '^TRK-[0-9]{4}-[A-Z0-9]{6,}$'),
	CONSTRAINT "orders_customer_check" CHECK (length(trim("orders"."customer_name")) > 0),
	CONSTRAINT "orders_description_check" CHECK (length(trim("orders"."order_description")) > 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category" text,
	"image_url" text,
	"is_on_sale" boolean DEFAULT false NOT NULL,
	"sale_info" text,
	"font_family" text DEFAULT 'Inter' NOT NULL,
	"stock_quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "products_stock_check" CHECK ("products"."stock_quantity" >= 0),
	CONSTRAINT "products_name_check" CHECK (length(trim("products"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"renewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "site_text" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_text_single_row" CHECK ("site_text"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "staff_users_role_check" CHECK ("staff_users"."role" in ('admin', 'operador')),
	CONSTRAINT "staff_users_email_check" CHECK ("staff_users"."email" = lower("staff_users"."email") and position('@' in "staff_users"."email") > 1)
);
--> statement-breakpoint
ALTER TABLE "banner_image_history" ADD CONSTRAINT "banner_image_history_uploaded_by_staff_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_agent_status" ADD CONSTRAINT "chat_agent_status_agent_id_chat_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."chat_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_agents" ADD CONSTRAINT "chat_agents_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversation_assignments" ADD CONSTRAINT "chat_conversation_assignments_client_id_chat_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."chat_clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversation_assignments" ADD CONSTRAINT "chat_conversation_assignments_agent_id_chat_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."chat_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_client_id_chat_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."chat_clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_agent_id_chat_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."chat_agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hero_gallery_images" ADD CONSTRAINT "hero_gallery_images_uploaded_by_staff_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_person_id_delivery_personnel_id_fk" FOREIGN KEY ("delivery_person_id") REFERENCES "public"."delivery_personnel"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_categories_value_fk" FOREIGN KEY ("category") REFERENCES "public"."categories"("value") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "about_us_order_idx" ON "about_us_carousel_images" USING btree ("display_order");--> statement-breakpoint
CREATE INDEX "banner_history_created_idx" ON "banner_image_history" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "chat_agents_user_key" ON "chat_agents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_agents_name_idx" ON "chat_agents" USING btree ("name");--> statement-breakpoint
CREATE INDEX "chat_clients_last_active_idx" ON "chat_clients" USING btree ("last_active" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "chat_assignments_one_active" ON "chat_conversation_assignments" USING btree ("client_id") WHERE "chat_conversation_assignments"."is_active";--> statement-breakpoint
CREATE INDEX "chat_assignments_client_idx" ON "chat_conversation_assignments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "chat_messages_client_time_idx" ON "chat_messages" USING btree ("client_id","timestamp");--> statement-breakpoint
CREATE INDEX "events_topic_id_idx" ON "events" USING btree ("topic","id");--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "hero_gallery_order_idx" ON "hero_gallery_images" USING btree ("display_order");--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_tracking_number_key" ON "orders" USING btree ("tracking_number");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_delivery_person_idx" ON "orders" USING btree ("delivery_person_id");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_email_key" ON "staff_users" USING btree (lower("email"));