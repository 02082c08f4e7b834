// Helpers of the cart specs (cart.nojs.spec.ts, cart-cookie.desktop.spec.ts).
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures";

export const newTag = () => `cc${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export type NewProduct = { name: string; price?: string; stock?: number };

/** Creates the products as the admin's product form posts them (`admin`: `staffRequest("admin")`). */
export async function createProducts(admin: APIRequestContext, products: NewProduct[]): Promise<void> {
  for (const p of products) {
    const res = await admin.post("/admin/productos", {
      multipart: {
        intent: "product-save",
        name: p.name,
        description: "",
        stockQuantity: String(p.stock ?? 5),
        category: "comida",
        isOnSale: "false",
        saleInfo: "",
        priceCents: p.price ?? "",
        salePriceCents: "",
      },
    });
    expect(res.status(), `create ${p.name}`).toBe(200);
  }
}

/** A product's card in the shop. */
export const card = (page: Page, name: string) => page.getByRole("article").filter({ hasText: name });

/** The text of a wa.me link. */
export const whatsappText = (href: string | null) => new URL(href ?? "").searchParams.get("text") ?? "";
