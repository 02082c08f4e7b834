import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { href, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import type { CategoryUsage, StaffProductView } from "~/lib/catalog";
import { PRODUCTS_INTENT } from "~/lib/catalog-form";
import { useReplyMessage } from "~/lib/forms";
import { CategoriesSection } from "./categories-section";
import { ProductForm } from "./product-form";
import { ProductRow } from "./product-row";
import type { ActionData } from "./types";

export type ProductsTabProps = { products: StaffProductView[]; categories: CategoryUsage[] };

type Mode = { kind: "idle" } | { kind: "add" } | { kind: "edit"; product: StaffProductView };

/**
 * docs/product.md §3.2: idle (add button) → add or edit form → idle; the list
 * 'Productos Existentes' below, newest first as the loader returns it, and the owner's
 * 'Categorías' beside it on a wide screen, after it on a phone (issue 38).
 */
export function ProductsTab({ products, categories }: ProductsTabProps) {
  const [mode, setMode] = useState<Mode>({ kind: "idle" });
  const formRef = useRef<HTMLDivElement>(null);
  const editingId = mode.kind === "edit" ? mode.product.id : null;
  // The list owns the delete request, so its answer outlives the deleted row.
  const remover = useFetcher<ActionData>();
  const deletingId = remover.state !== "idle" ? remover.formData?.get("id") : null;
  const lastDeleted = useRef<string | null>(null);
  useReplyMessage(remover.data, () => {
    // Deleting the product being edited closes the form.
    if (lastDeleted.current === editingId) setMode({ kind: "idle" });
  });

  useEffect(() => {
    if (mode.kind === "idle") return;
    formRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    formRef.current?.querySelector<HTMLInputElement>('input[name="name"]')?.focus({ preventScroll: true });
  }, [mode]);

  const labels = new Map(categories.map((c) => [c.value, c.label]));
  const visible = products.filter((p) => p.id !== deletingId);
  return (
    <div className="flex flex-col gap-8 pt-2">
      <div ref={formRef} className="scroll-mt-24">
        {mode.kind === "idle" ? (
          <Button onClick={() => setMode({ kind: "add" })}>
            <Plus aria-hidden="true" />
            Agregar Nuevo Producto
          </Button>
        ) : (
          <ProductForm
            key={editingId ?? "new"}
            product={mode.kind === "edit" ? mode.product : undefined}
            categories={categories}
            onClose={() => setMode({ kind: "idle" })}
          />
        )}
      </div>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <section aria-labelledby="products-list-title">
          <h2 id="products-list-title" className="mb-4 text-lg font-semibold">
            Productos Existentes
          </h2>
          {visible.length === 0 ? (
            <p className="rounded-xl border border-dashed bg-card px-4 py-10 text-center text-muted-foreground">
              Aún no has agregado ningún producto. ¡Empieza ahora!
            </p>
          ) : (
            <ul className="flex flex-col gap-3">
              {visible.map((p) => (
                <ProductRow
                  key={p.id}
                  product={p}
                  categoryLabel={p.category ? (labels.get(p.category) ?? null) : null}
                  onEdit={(product) => setMode({ kind: "edit", product })}
                  onDelete={(product) => {
                    lastDeleted.current = product.id;
                    void remover.submit(
                      { intent: PRODUCTS_INTENT.delete, id: product.id },
                      { method: "post", action: href("/admin/productos") },
                    );
                  }}
                />
              ))}
            </ul>
          )}
        </section>
        <CategoriesSection categories={categories} className="lg:sticky lg:top-24" />
      </div>
    </div>
  );
}
