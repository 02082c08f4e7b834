import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { products } from "../db/schema";
import { createLocalStorage } from "../storage/local";
import { testLogger } from "../testing/db";
import { setupTestDatabase, setupTestStorage } from "../testing/setup";
import { seedDemoProductImages } from "./demo";
import { demoArtFor } from "./demo-art";
import { listProducts } from "./products";

const h = setupTestDatabase({ seed: true });
const { root } = setupTestStorage();

describe("demo product images", () => {
  it("gives every product without a picture a real stored image with its widths", async () => {
    await h.db.insert(products).values([
      { name: "Café Presto", category: "comida" },
      { name: "Algo desconocido", category: "ropa" },
      { name: "Con foto", category: "ropa", imageUrl: "/files/product-images/public/ya-tiene.webp" },
    ]);
    await seedDemoProductImages(h.db, createLocalStorage(root), testLogger);
    const rows = await listProducts(h.db);
    expect(rows.find((p) => p.name === "Con foto")?.imageUrl).toBe(
      "/files/product-images/public/ya-tiene.webp",
    );
    for (const p of rows.filter((r) => r.name !== "Con foto")) {
      expect(p.imageUrl).toMatch(/^\/files\/product-images\/public\/.+\.webp$/);
      const file = path.join(root, (p.imageUrl ?? "").replace("/files/", ""));
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 800, 800]);
      expect(fs.existsSync(file.replace(".webp", "-480w.webp"))).toBe(true);
    }
  });

  it("draws the same picture on every first start, a different one per product", () => {
    expect(demoArtFor("Hamaca Tejida")).toBe(demoArtFor("Hamaca Tejida"));
    expect(demoArtFor("Hamaca Tejida")).not.toBe(demoArtFor("Salsa Lizano"));
    expect(demoArtFor("Hamaca")).not.toMatch(/<text|<script|href=/);
  });
});
