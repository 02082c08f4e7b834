import { type ProductFieldErrors, parseProductForm } from "../../lib/catalog-form";
import type { Services } from "../services";
import {
  categoryExists,
  createProduct,
  deleteProduct,
  getProduct,
  toggleProductStock,
  updateProduct,
} from "./products";
import { removeProductImage, storeProductImage, UploadError } from "./uploads";

/**
 * The admin products tab's mutations (SPEC §2.12, §4.5, §8.3), called by the /admin action
 * after its admin-only guard. Each answer carries the toast the admin sees.
 */

export const PRODUCT_INTENTS = ["product-save", "product-toggle-stock", "product-delete"] as const;
export type ProductIntent = (typeof PRODUCT_INTENTS)[number];
export const isProductIntent = (v: unknown): v is ProductIntent =>
  typeof v === "string" && (PRODUCT_INTENTS as readonly string[]).includes(v);

export type ProductActionResult =
  | { intent: ProductIntent; ok: true; title: string; description: string; productId: string }
  | { intent: ProductIntent; ok: false; description: string; fieldErrors?: ProductFieldErrors };

type Answer = { status: number; body: ProductActionResult };
type Deps = Pick<Services, "db" | "storage" | "logger">;

const ok = (intent: ProductIntent, description: string, productId: string): Answer => ({
  status: 200,
  body: { intent, ok: true, title: "Éxito", description, productId },
});
const fail = (
  intent: ProductIntent,
  status: number,
  description: string,
  fieldErrors?: ProductFieldErrors,
): Answer => ({ status, body: { intent, ok: false, description, fieldErrors } });

const text = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" ? v : undefined;
};

export async function productAction(intent: ProductIntent, form: FormData, deps: Deps): Promise<Answer> {
  try {
    if (intent === "product-save") return await saveProduct(form, deps);
    if (intent === "product-toggle-stock") return await toggleStock(form, deps);
    return await removeProduct(form, deps);
  } catch (err) {
    deps.logger.error({ err, intent }, "product action failed");
    const reason = "la base de datos no respondió.";
    if (intent === "product-save") return fail(intent, 500, `No se pudo guardar el producto: ${reason}`);
    if (intent === "product-toggle-stock")
      return fail(intent, 500, `No se pudo actualizar el stock: ${reason}`);
    return fail(intent, 500, `No se pudo eliminar el producto: ${reason}`);
  }
}

async function saveProduct(form: FormData, { db, storage, logger }: Deps): Promise<Answer> {
  const intent = "product-save";
  const id = text(form, "id") || null;
  const parsed = parseProductForm({
    name: text(form, "name"),
    description: text(form, "description"),
    stockQuantity: text(form, "stockQuantity"),
    category: text(form, "category"),
    fontFamily: text(form, "fontFamily") || undefined,
    isOnSale: text(form, "isOnSale"),
    saleInfo: text(form, "saleInfo"),
  });
  if (!parsed.ok) {
    return fail(
      intent,
      400,
      "No se pudo guardar el producto: revisa los campos marcados.",
      parsed.fieldErrors,
    );
  }
  if (!(await categoryExists(db, parsed.data.category))) {
    return fail(intent, 400, "No se pudo guardar el producto: la categoría no existe.", {
      category: "Selecciona una categoría de la lista.",
    });
  }
  const existing = id ? await getProduct(db, id) : null;
  if (id && !existing) return fail(intent, 404, "No se pudo guardar el producto: el producto ya no existe.");

  const file = form.get("image");
  let imageUrl = form.get("removeImage") === "true" ? null : (existing?.imageUrl ?? null);
  let uploaded: string | null = null;
  if (file instanceof Blob && file.size > 0) {
    try {
      uploaded = await storeProductImage(storage, file, logger);
    } catch (err) {
      if (err instanceof UploadError) return fail(intent, 400, err.description);
      throw err;
    }
    imageUrl = uploaded;
  }

  let saved: Awaited<ReturnType<typeof createProduct>> | null;
  try {
    const values = { ...parsed.data, imageUrl };
    saved = existing ? await updateProduct(db, existing.id, values) : await createProduct(db, values);
  } catch (err) {
    await removeProductImage(storage, uploaded, logger);
    throw err;
  }
  if (!saved) {
    await removeProductImage(storage, uploaded, logger);
    return fail(intent, 404, "No se pudo guardar el producto: el producto ya no existe.");
  }
  // The old picture goes once the row no longer points at it (SPEC §7.2).
  if (existing?.imageUrl && existing.imageUrl !== saved.imageUrl) {
    await removeProductImage(storage, existing.imageUrl, logger);
  }
  return ok(intent, existing ? "Producto actualizado." : "Producto agregado.", saved.id);
}

async function toggleStock(form: FormData, { db }: Deps): Promise<Answer> {
  const intent = "product-toggle-stock";
  const id = text(form, "id");
  const updated = id ? await toggleProductStock(db, id) : null;
  if (!updated) return fail(intent, 404, "No se pudo actualizar el stock: el producto ya no existe.");
  return ok(intent, `Stock actualizado a ${updated.stockQuantity}.`, updated.id);
}

async function removeProduct(form: FormData, { db, storage, logger }: Deps): Promise<Answer> {
  const intent = "product-delete";
  const id = text(form, "id");
  const deleted = id ? await deleteProduct(db, id) : null;
  if (!deleted) return fail(intent, 404, "No se pudo eliminar el producto: el producto ya no existe.");
  await removeProductImage(storage, deleted.imageUrl, logger);
  return ok(intent, "Producto eliminado.", deleted.id);
}
