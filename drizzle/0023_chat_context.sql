CREATE TABLE "chat_page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"path" text NOT NULL,
	"title" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_ratings" (
	"client_id" text PRIMARY KEY NOT NULL,
	"rating" text NOT NULL,
	"comment" text,
	"agent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_ratings_rating_check" CHECK ("chat_ratings"."rating" in ('good', 'ok', 'bad'))
);
--> statement-breakpoint
ALTER TABLE "chat_agent_status" DROP CONSTRAINT "chat_agent_status_check";--> statement-breakpoint
ALTER TABLE "chat_agent_status" ADD COLUMN "chosen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_clients" ADD COLUMN "visitor" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source_client_id" text;--> statement-breakpoint
ALTER TABLE "chat_page_views" ADD CONSTRAINT "chat_page_views_client_id_chat_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."chat_clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_ratings" ADD CONSTRAINT "chat_ratings_client_id_chat_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."chat_clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_ratings" ADD CONSTRAINT "chat_ratings_agent_id_chat_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."chat_agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_page_views_client_idx" ON "chat_page_views" USING btree ("client_id","at");--> statement-breakpoint
CREATE INDEX "chat_ratings_created_idx" ON "chat_ratings" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_client_id_chat_clients_client_id_fk" FOREIGN KEY ("source_client_id") REFERENCES "public"."chat_clients"("client_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_source_client_idx" ON "orders" USING btree ("source_client_id");--> statement-breakpoint
ALTER TABLE "chat_agent_status" ADD CONSTRAINT "chat_agent_status_check" CHECK ("chat_agent_status"."status" in ('online', 'busy', 'away', 'offline'));--> statement-breakpoint
-- hand-written: a status someone already holds counts as chosen (restored at their next sign-in).
UPDATE "chat_agent_status" SET "chosen_at" = "updated_at" WHERE "status" <> 'offline';--> statement-breakpoint
-- hand-written: the team's starter replies (issue 41), once per database. The {…} words are filled
-- in the reply box from the site's own data when inserted (app/lib/saved-reply-text.ts).
INSERT INTO "chat_saved_replies" ("title", "body") VALUES
  ('Saludo', 'Hola {nombre}, gracias por escribirnos. ¿En qué te podemos ayudar?'),
  ('Precios de envío', 'Estos son nuestros precios de envío:
{precios}
¿Quieres que te ayudemos a preparar tu envío?'),
  ('Horario', 'Nuestro horario (hora de Miami):
{horario}'),
  ('Tamaños de caja', 'Tenemos estas cajas para envíos:
{cajas}
Dinos qué vas a enviar y te recomendamos la mejor.'),
  ('Seguimiento', 'Puedes ver dónde está tu pedido en {seguimiento} con tu número de tracking (por ejemplo TRK-2026-ABC123).'),
  ('Gracias', 'Gracias por escribirnos, {nombre}. ¡Que tengas un buen día!');
