import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import type { Category, ProductView } from "~/lib/catalog";
import { ProductForm } from "./product-form";
import { intentForm, ProductRow } from "./product-row";
import { useProductFetcher } from "./use-product-fetcher";

export type ProductsTabProps = { products: ProductView[]; categories: Category[] };

type Mode = { kind: "idle" } | { kind: "add" } | { kind: "edit"; product: ProductView };

/**
 * SPEC §2.12 'Products tab' and §4.5: idle (add button) → add or edit form → idle; the list
 * 'Productos Existentes' below, newest first as the loader returns it.
 */
export function ProductsTab({ products, categories }: ProductsTabProps) {
  const [mode, setMode] = useState<Mode>({ kind: "idle" });
  const formRef = useRef<HTMLDivElement>(null);
  const editingId = mode.kind === "edit" ? mode.product.id : null;
  const remover = useProductFetcher((r) => {
    // Deleting the product being edited closes the form.
    if (r.ok && r.productId === editingId) setMode({ kind: "idle" });
  });
  const deletingId = remover.busy ? remover.fetcher.formData?.get("id") : null;

  useEffect(() => {
    if (mode.kind === "idle") return;
    formRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    formRef.current?.querySelector<HTMLInputElement>("#product-name")?.focus({ preventScroll: true });
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
      <section aria-labelledby="products-list-title">
        <h3 id="products-list-title" className="mb-4 text-lg font-semibold">
          Productos Existentes
        </h3>
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
                onDelete={(product) => remover.submit(intentForm("product-delete", product.id))}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
