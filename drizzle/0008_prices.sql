ALTER TABLE "products" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_price_check" CHECK ("products"."price_cents" is null or "products"."price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sale_price_check" CHECK ("products"."sale_price_cents" is null or ("products"."price_cents" is not null and "products"."sale_price_cents" >= 0 and "products"."sale_price_cents" < "products"."price_cents"));