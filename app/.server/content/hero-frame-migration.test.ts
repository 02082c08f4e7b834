import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrationsFolder, rowsOf } from "../db/client";
import { setupTestDatabase } from "../testing/setup";

const h = setupTestDatabase();

describe("migration 0024: every hero image gets a focal point and an overlay", () => {
  it("keeps the framing of the coarse positions, centres the rest, and leaves the lightness unknown", async () => {
    // The table as the previous version left it.
    for (const c of ["focal_x", "focal_y", "overlay", "brightness"]) {
      await h.db.execute(sql.raw(`alter table hero_gallery_images drop column ${c}`));
    }
    await h.db.execute(sql`
      insert into hero_gallery_images (image_url, display_order, style_settings) values
        ('/files/site-assets/public/hero-main/a.webp', 0,
         '{"object_fit":"cover","object_position_x":"right","object_position_y":"top","width":100,"height":100}'),
        ('/files/site-assets/public/hero-gallery/b.webp', 1, null)`);

    const file = fs.readFileSync(path.join(migrationsFolder(), "0024_hero_focal_point.sql"), "utf8");
    for (const statement of file.split("--> statement-breakpoint")) {
      if (statement.trim()) await h.db.execute(sql.raw(statement));
    }

    const rows = rowsOf<{
      display_order: number;
      focal_x: number;
      focal_y: number;
      overlay: string;
      brightness: number | null;
    }>(
      await h.db.execute(sql`
        select display_order, focal_x, focal_y, overlay, brightness from hero_gallery_images order by display_order`),
    );
    expect(rows).toEqual([
      { display_order: 0, focal_x: 100, focal_y: 0, overlay: "auto", brightness: null },
      { display_order: 1, focal_x: 50, focal_y: 50, overlay: "auto", brightness: null },
    ]);
    await expect(
      h.db.execute(sql`update hero_gallery_images set focal_x = 101 where display_order = 1`),
    ).rejects.toThrow();
    await expect(
      h.db.execute(sql`update hero_gallery_images set overlay = 'gris' where display_order = 1`),
    ).rejects.toThrow();
  });
});
