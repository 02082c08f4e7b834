import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { href, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { StatusButton } from "~/components/ui/status-button";
import type { Category, StaffProductView } from "~/lib/catalog";
import { PRODUCTS_INTENT, productSaveSchema } from "~/lib/catalog-form";
import { useReplyMessage, useZodForm } from "~/lib/forms";
import { centsToInput } from "~/lib/prices";
import { notifyError } from "~/lib/toast";
import { type ImageChoice, ImageField } from "./image-field";
import { ProductFields } from "./product-fields";
import type { ActionData } from "./types";

export type ProductFormProps = {
  /** The product being edited; absent in add mode. */
  product?: StaffProductView;
  categories: Category[];
  onClose: () => void;
};

/**
 * Form defaults (docs/product.md §3.2): the owner's first category (none to choose from when she
 * has none: the spec's 'artesanía' may no longer exist), font Inter, stock 1, not on sale, visible.
 */
export function initialValues(product: StaffProductView | undefined, categories: Category[]) {
  if (product) {
    return {
      name: product.name,
      description: product.description ?? "",
      stockQuantity: String(product.stockQuantity),
      category: product.category ?? "",
      fontFamily: product.fontFamily,
      isOnSale: product.isOnSale,
      saleInfo: product.saleInfo ?? "",
      priceCents: centsToInput(product.priceCents),
      salePriceCents: centsToInput(product.salePriceCents),
      visible: product.visible,
    };
  }
  return {
    name: "",
    description: "",
    stockQuantity: "1",
    category: categories[0]?.value ?? "",
    fontFamily: "Inter",
    isOnSale: false,
    saleInfo: "",
    priceCents: "",
    salePriceCents: "",
    visible: true,
  };
}

/**
 * The add/edit product form (docs/product.md §3.2). Errors show by each field and go away once
 * fixed; a failed save keeps everything typed; a second submit while saving is ignored.
 */
export function ProductForm({ product, categories, onClose }: ProductFormProps) {
  const fetcher = useFetcher<ActionData>();
  const busy = fetcher.state !== "idle";
  const [image, setImage] = useState<ImageChoice>({ file: null, removed: false });
  const [processing, setProcessing] = useState(false);
  const initial = initialValues(product, categories);
  useReplyMessage(fetcher.data, onClose);
  const [form, fields] = useZodForm(productSaveSchema, {
    id: product ? `product-${product.id}` : "product-new",
    lastResult: fetcher.data?.result,
    defaultValue: { ...initial, isOnSale: String(initial.isOnSale), visible: String(initial.visible) },
    onInvalidSubmit: () => notifyError("No se pudo guardar el producto: revisa los campos marcados."),
    onValidSubmit: (event, formData) => {
      event.preventDefault();
      if (busy || processing) return;
      if (image.file) formData.set("image", image.file, image.file.name);
      if (image.removed) formData.set("removeImage", "true");
      void fetcher.submit(formData, {
        method: "post",
        action: href("/admin/productos"),
        encType: "multipart/form-data",
      });
    },
  });

  const title = product ? "Editar Producto" : "Agregar Nuevo Producto";
  return (
    <Card className="p-5 sm:p-6">
      <h2 id="product-form-title" className="text-xl font-semibold">
        {title}
      </h2>
      <form {...getFormProps(form)} method="post" aria-labelledby="product-form-title" className="mt-5">
        <input type="hidden" name="intent" value={PRODUCTS_INTENT.save} />
        {product ? <input type="hidden" name="id" value={product.id} /> : null}
        <fieldset disabled={busy} className="grid gap-6 md:grid-cols-[minmax(0,18rem)_1fr]">
          <ImageField
            currentUrl={product?.imageUrl ?? null}
            disabled={busy}
            onChange={setImage}
            onProcessing={setProcessing}
          />
          <div className="flex min-w-0 flex-col gap-5">
            <ProductFields fields={fields} categories={categories} initial={initial} />
            <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={onClose}>
                Cancelar
              </Button>
              <StatusButton pending={busy} disabled={processing}>
                {product ? "Guardar Cambios" : "Agregar Producto"}
              </StatusButton>
            </div>
          </div>
        </fieldset>
      </form>
    </Card>
  );
}
