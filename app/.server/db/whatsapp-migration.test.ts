import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mergeSiteText } from "../../lib/site";
import { siteContact } from "../../lib/site-contact";
import { setupTestDatabase } from "../testing/setup";
import { migrationsFolder } from "./client";
import { siteContentChanges, siteText } from "./schema";

const h = setupTestDatabase();

/** Runs the migration's statements again over rows written the old way (it is idempotent). */
async function migrate() {
  const file = fs.readFileSync(path.join(migrationsFolder(), "0014_whatsapp_number.sql"), "utf8");
  for (const statement of file.split("--> statement-breakpoint")) {
    if (statement.trim()) await h.db.execute(sql.raw(statement));
  }
}

async function storedAfterMigration(data: Record<string, string>) {
  await h.db
    .insert(siteText)
    .values({ id: 1, data })
    .onConflictDoUpdate({ target: siteText.id, set: { data } });
  await migrate();
  const [row] = await h.db.select({ data: siteText.data }).from(siteText).where(eq(siteText.id, 1));
  return row?.data ?? {};
}

describe("migration 0014: the WhatsApp link becomes a number", () => {
  it("keeps the number a wa.me or api.whatsapp.com link holds, and stores the phone in E.164", async () => {
    expect(
      await storedAfterMigration({
        contactPhone: "+1 786 555 0123",
        whatsappLink: "https://wa.me/50588881234?text=Hola",
      }),
    ).toEqual({ contactPhone: "+17865550123", whatsappNumber: "+50588881234" });
    expect(
      await storedAfterMigration({
        contactPhone: "(305) 555-0199",
        whatsappLink: "https://api.whatsapp.com/send?phone=50688887777",
      }),
    ).toEqual({ contactPhone: "+13055550199", whatsappNumber: "+50688887777" });
  });

  it("makes the old built-in link, or the contact phone's own number, 'the same number'", async () => {
    const old = await storedAfterMigration({
      contactPhone: "+1 786 555 0123",
      whatsappLink: "https://wa.me/13055550100",
    });
    expect(old).toEqual({ contactPhone: "+17865550123", whatsappNumber: "" });
    // The bug this fixes: the buttons now follow the phone the owner changed.
    expect(siteContact(mergeSiteText(old)).whatsapp).toBe("+17865550123");
    expect(
      await storedAfterMigration({
        contactPhone: "+505 8888 1234",
        whatsappLink: "https://wa.me/50588881234",
      }),
    ).toMatchObject({ whatsappNumber: "" });
  });

  it("keeps a link without a number as typed, for the admin to fix, and never uses it", async () => {
    const data = await storedAfterMigration({
      contactPhone: "+1 786 555 0123",
      whatsappLink: "https://chat.whatsapp.com/Invite123",
    });
    expect(data).toEqual({
      contactPhone: "+17865550123",
      whatsappNumber: "https://chat.whatsapp.com/Invite123",
    });
    expect(siteContact(mergeSiteText(data)).whatsapp).toBe("+17865550123");
  });

  it("leaves texts without either key, and free-text phones it cannot read, as they were", async () => {
    expect(await storedAfterMigration({ heroTitle: "Hola" })).toEqual({ heroTitle: "Hola" });
    expect(await storedAfterMigration({ contactPhone: "Llámanos al 305-CALL-NOW" })).toEqual({
      contactPhone: "Llámanos al 305-CALL-NOW",
    });
  });

  it("migrates the saved versions of the texts too", async () => {
    const [change] = await h.db
      .insert(siteContentChanges)
      .values({
        kind: "text",
        data: { contactPhone: "+1 305 555 0199", whatsappLink: "https://wa.me/50588881234" },
      })
      .returning({ id: siteContentChanges.id });
    await migrate();
    const [row] = await h.db
      .select({ data: siteContentChanges.data })
      .from(siteContentChanges)
      .where(eq(siteContentChanges.id, change?.id ?? ""));
    expect(row?.data).toEqual({ contactPhone: "+13055550199", whatsappNumber: "+50588881234" });
  });
});
