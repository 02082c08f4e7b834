import { type FormEvent, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { type Category, FALLBACK_CATEGORY, type ProductView } from "~/lib/catalog";
import { type ProductFieldErrors, parseProductForm } from "~/lib/catalog-form";
import { notifyError } from "~/lib/toast";
import { type ImageChoice, ImageField } from "./image-field";
import { ProductFields, type ProductFormValues } from "./product-fields";
import { useProductFetcher } from "./use-product-fetcher";

export type ProductFormProps = {
  /** The product being edited; absent in add mode. */
  product?: ProductView;
  categories: Category[];
  onClose: () => void;
};

/** SPEC §3 form defaults: first category or 'artesanía', font Inter, stock 1, not on sale. */
export function initialValues(product: ProductView | undefined, categories: Category[]): ProductFormValues {
  if (product) {
    return {
      name: product.name,
      description: product.description ?? "",
      stockQuantity: String(product.stockQuantity),
      category: product.category ?? "",
      fontFamily: product.fontFamily,
      isOnSale: product.isOnSale,
      saleInfo: product.saleInfo ?? "",
    };
  }
  return {
    name: "",
    description: "",
    stockQuantity: "1",
    category: categories[0]?.value ?? FALLBACK_CATEGORY,
    fontFamily: "Inter",
    isOnSale: false,
    saleInfo: "",
  };
}

/** The add/edit product form (SPEC §2.12, §4.5). A failed save keeps everything typed. */
export function ProductForm({ product, categories, onClose }: ProductFormProps) {
  const [values, setValues] = useState(() => initialValues(product, categories));
  const [image, setImage] = useState<ImageChoice>({ file: null, removed: false });
  const [processing, setProcessing] = useState(false);
  const [errors, setErrors] = useState<ProductFieldErrors>({});
  const { submit, busy } = useProductFetcher((result) => {
    if (result.ok) onClose();
    else setErrors(result.fieldErrors ?? {});
  });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy || processing) return;
    const parsed = parseProductForm({ ...values, isOnSale: String(values.isOnSale) });
    if (!parsed.ok) {
      setErrors(parsed.fieldErrors);
      notifyError("No se pudo guardar el producto: revisa los campos marcados.");
      document.getElementById(`product-${Object.keys(parsed.fieldErrors)[0]}`)?.focus();
      return;
    }
    setErrors({});
    const form = new FormData();
    form.set("intent", "product-save");
    if (product) form.set("id", product.id);
    for (const [key, value] of Object.entries(values)) form.set(key, String(value));
    if (image.file) form.set("image", image.file, image.file.name);
    if (image.removed) form.set("removeImage", "true");
    submit(form, true);
  };

  const title = product ? "Editar Producto" : "Agregar Nuevo Producto";
  return (
    <Card className="p-5 sm:p-6">
      <h3 id="product-form-title" className="text-xl font-semibold">
        {title}
      </h3>
      <form
        method="post"
        encType="multipart/form-data"
        noValidate
        aria-labelledby="product-form-title"
        onSubmit={onSubmit}
        className="mt-5"
      >
        <fieldset disabled={busy} className="grid gap-6 md:grid-cols-[minmax(0,18rem)_1fr]">
          <ImageField
            currentUrl={product?.imageUrl ?? null}
            disabled={busy}
            onChange={setImage}
            onProcessing={setProcessing}
          />
          <div className="flex min-w-0 flex-col gap-5">
            <ProductFields
              values={values}
              errors={errors}
              categories={categories}
              onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
            />
            <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" disabled={processing}>
                {busy ? (
                  <>
                    <Spinner size="sm" label="Guardando..." className="text-current" />
                    Guardando...
                  </>
                ) : product ? (
                  "Guardar Cambios"
                ) : (
                  "Agregar Producto"
                )}
              </Button>
            </div>
          </div>
        </fieldset>
      </form>
    </Card>
  );
}
