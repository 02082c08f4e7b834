import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect, Textarea } from "~/components/ui/textarea";
import { type Category, PRODUCT_FONTS, productFontStack } from "~/lib/catalog";
import type { ProductFieldErrors } from "~/lib/catalog-form";
import { FieldError, FieldHint, Switch } from "./form-controls";

export type ProductFormValues = {
  name: string;
  description: string;
  stockQuantity: string;
  category: string;
  fontFamily: string;
  isOnSale: boolean;
  saleInfo: string;
};

export type ProductFieldsProps = {
  values: ProductFormValues;
  errors: ProductFieldErrors;
  categories: Category[];
  onChange: (patch: Partial<ProductFormValues>) => void;
};

/** Error-aware props for a field: aria-invalid and the ids of its hint and error. */
function described(name: keyof ProductFormValues, errors: ProductFieldErrors, hint = false) {
  const ids = [hint && `product-${name}-hint`, errors[name] && `product-${name}-error`].filter(Boolean);
  return {
    id: `product-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
  };
}

/** The product form's fields with the spec's labels, placeholder and hint (SPEC §2.12). */
export function ProductFields({ values, errors, categories, onChange }: ProductFieldsProps) {
  return (
    <>
      <div className="flex flex-col gap-2">
        <Label htmlFor="product-name">Nombre del Producto</Label>
        <Input
          {...described("name", errors)}
          required
          maxLength={200}
          placeholder="Ej: Pan Fresco"
          value={values.name}
          onChange={(e) => onChange({ name: e.target.value })}
        />
        <FieldError id="product-name-error" message={errors.name} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="product-description">Descripción</Label>
        <Textarea
          {...described("description", errors)}
          rows={3}
          maxLength={2000}
          value={values.description}
          onChange={(e) => onChange({ description: e.target.value })}
        />
        <FieldError id="product-description-error" message={errors.description} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor="product-stockQuantity">Cantidad en Stock</Label>
          <Input
            {...described("stockQuantity", errors, true)}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            required
            value={values.stockQuantity}
            onChange={(e) => onChange({ stockQuantity: e.target.value })}
          />
          <FieldHint id="product-stockQuantity-hint">0 para agotado</FieldHint>
          <FieldError id="product-stockQuantity-error" message={errors.stockQuantity} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="product-category">Categoría</Label>
          <NativeSelect
            {...described("category", errors)}
            required
            value={values.category}
            onChange={(e) => onChange({ category: e.target.value })}
          >
            <option value="" disabled>
              Selecciona una categoría
            </option>
            {categories.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
          <FieldError id="product-category-error" message={errors.category} />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="product-fontFamily">Fuente del Texto</Label>
        <NativeSelect
          {...described("fontFamily", errors)}
          value={values.fontFamily}
          onChange={(e) => onChange({ fontFamily: e.target.value })}
        >
          {PRODUCT_FONTS.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </NativeSelect>
        <p
          className="truncate text-sm text-muted-foreground"
          style={{ fontFamily: productFontStack(values.fontFamily) }}
        >
          Vista previa: {values.name.trim() || "Pan Fresco"}
        </p>
        <FieldError id="product-fontFamily-error" message={errors.fontFamily} />
      </div>
      <div className="flex flex-col gap-3 rounded-xl border bg-muted/50 p-4">
        <div className="flex items-center gap-3">
          <Switch
            id="product-isOnSale"
            checked={values.isOnSale}
            onCheckedChange={(on) => onChange({ isOnSale: on })}
          />
          <Label htmlFor="product-isOnSale">¿En Oferta?</Label>
        </div>
        {values.isOnSale && (
          <div className="flex flex-col gap-2">
            <Label htmlFor="product-saleInfo">Info Oferta (Ej: 2x1, 10% OFF)</Label>
            <Input
              {...described("saleInfo", errors)}
              maxLength={60}
              placeholder="OFERTA"
              value={values.saleInfo}
              onChange={(e) => onChange({ saleInfo: e.target.value })}
            />
            <FieldError id="product-saleInfo-error" message={errors.saleInfo} />
          </div>
        )}
      </div>
    </>
  );
}
