import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useEffect, useState } from "react";
import { FieldError, FieldHint } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { type Category, PRODUCT_FONTS, productFontStack } from "~/lib/catalog";
import { loadFontsLater } from "~/lib/fonts";

type Field = FieldMetadata<unknown>;

export type ProductFieldsProps = {
  fields: Record<
    | "name"
    | "description"
    | "stockQuantity"
    | "category"
    | "fontFamily"
    | "isOnSale"
    | "saleInfo"
    | "priceCents"
    | "salePriceCents",
    Field
  >;
  categories: Category[];
  /** The product's current values (edit mode) or the form defaults. */
  initial: { name: string; fontFamily: string; isOnSale: boolean };
};

/** The product form's fields with the spec's labels, placeholder and hint (docs/product.md §3.2). */
export function ProductFields({ fields, categories, initial }: ProductFieldsProps) {
  // Shown live: the preview in the chosen font, and the sale info only while on sale.
  const [name, setName] = useState(initial.name);
  const [font, setFont] = useState(initial.fontFamily);
  // Web fonts are declared per page (app/lib/fonts.ts): the preview loads the one it shows.
  useEffect(() => loadFontsLater([{ family: font, weights: [400] }]), [font]);
  const [onSale, setOnSale] = useState(initial.isOnSale);
  const { description, stockQuantity, category, fontFamily, isOnSale, saleInfo, priceCents, salePriceCents } =
    fields;
  return (
    <>
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.name.id}>Nombre del Producto</Label>
        <Input
          {...getInputProps(fields.name, { type: "text" })}
          maxLength={200}
          placeholder="Ej: Pan Fresco"
          onChange={(e) => setName(e.target.value)}
        />
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={description.id}>Descripción</Label>
        <Textarea {...getTextareaProps(description)} rows={3} maxLength={2000} />
        <FieldError id={description.errorId} errors={description.errors} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={stockQuantity.id}>Cantidad en Stock</Label>
          <Input
            {...getInputProps(stockQuantity, { type: "number", ariaDescribedBy: `${stockQuantity.id}-hint` })}
            inputMode="numeric"
            min={0}
            step={1}
          />
          <FieldHint id={`${stockQuantity.id}-hint`}>0 para agotado</FieldHint>
          <FieldError id={stockQuantity.errorId} errors={stockQuantity.errors} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={category.id}>Categoría</Label>
          <NativeSelect {...getSelectProps(category)}>
            <option value="" disabled>
              Selecciona una categoría
            </option>
            {categories.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={category.errorId} errors={category.errors} />
        </div>
      </div>
      <PriceInput field={priceCents} label="Precio (USD, opcional)" hint="Vacío: «Consultar precio»" />
      <div className="flex flex-col gap-2">
        <Label htmlFor={fontFamily.id}>Fuente del Texto</Label>
        <NativeSelect {...getSelectProps(fontFamily)} onChange={(e) => setFont(e.target.value)}>
          {PRODUCT_FONTS.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </NativeSelect>
        <p className="truncate text-sm text-muted-foreground" style={{ fontFamily: productFontStack(font) }}>
          Vista previa: {name.trim() || "Pan Fresco"}
        </p>
        <FieldError id={fontFamily.errorId} errors={fontFamily.errors} />
      </div>
      <div className="flex flex-col gap-3 rounded-xl border bg-muted/50 p-4">
        <div className="flex items-center gap-3">
          <Switch id={isOnSale.id} checked={onSale} onCheckedChange={setOnSale} />
          <input type="hidden" name={isOnSale.name} value={String(onSale)} />
          <Label htmlFor={isOnSale.id}>¿En Oferta?</Label>
        </div>
        {onSale && (
          <div className="flex flex-col gap-2">
            <Label htmlFor={saleInfo.id}>Info Oferta (Ej: 2x1, 10% OFF)</Label>
            <Input {...getInputProps(saleInfo, { type: "text" })} maxLength={60} placeholder="OFERTA" />
            <FieldError id={saleInfo.errorId} errors={saleInfo.errors} />
          </div>
        )}
        {onSale && (
          <PriceInput
            field={salePriceCents}
            label="Precio de oferta (USD, opcional)"
            hint="Menor que el precio normal, que se muestra tachado"
          />
        )}
      </div>
    </>
  );
}

/** A dollar amount ('12.50'): text with a decimal keypad, so '12,50' can be typed too. */
function PriceInput({ field, label, hint }: { field: Field; label: string; hint: string }) {
  const hintId = `${field.id}-hint`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={field.id}>{label}</Label>
      <Input
        {...getInputProps(field, { type: "text", ariaDescribedBy: hintId })}
        inputMode="decimal"
        maxLength={12}
        placeholder="0.00"
        autoComplete="off"
      />
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
