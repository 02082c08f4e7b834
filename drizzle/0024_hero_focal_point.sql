ALTER TABLE "hero_gallery_images" ADD COLUMN "focal_x" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "hero_gallery_images" ADD COLUMN "focal_y" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "hero_gallery_images" ADD COLUMN "overlay" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "hero_gallery_images" ADD COLUMN "brightness" integer;--> statement-breakpoint
ALTER TABLE "hero_gallery_images" ADD CONSTRAINT "hero_gallery_focal_check" CHECK ("hero_gallery_images"."focal_x" between 0 and 100 and "hero_gallery_images"."focal_y" between 0 and 100);--> statement-breakpoint
ALTER TABLE "hero_gallery_images" ADD CONSTRAINT "hero_gallery_overlay_check" CHECK ("hero_gallery_images"."overlay" in ('auto', 'claro', 'oscuro', 'ninguno'));--> statement-breakpoint
ALTER TABLE "hero_gallery_images" ADD CONSTRAINT "hero_gallery_brightness_check" CHECK ("hero_gallery_images"."brightness" between 0 and 100);--> statement-breakpoint
-- hand-written: an image framed with the coarse positions of 'Ajustes de Visualización' keeps its
-- framing as a focal point (left/top 0 %, centre 50 %, right/bottom 100 %). Brightness stays null
-- (read as medium: the spec's overlay of 0.5) until the picture is uploaded again.
UPDATE "hero_gallery_images" SET
  "focal_x" = CASE "style_settings"->>'object_position_x' WHEN 'left' THEN 0 WHEN 'right' THEN 100 ELSE 50 END,
  "focal_y" = CASE "style_settings"->>'object_position_y' WHEN 'top' THEN 0 WHEN 'bottom' THEN 100 ELSE 50 END
WHERE "style_settings" IS NOT NULL;
