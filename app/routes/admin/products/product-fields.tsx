import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { type Category, PRODUCT_FONTS, productFontStack } from "~/lib/catalog";
import { loadFontsLater } from "~/lib/fonts";

type Meta = FieldMetadata<unknown>;

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
    | "salePriceCents"
    | "visible",
    Meta
  >;
  categories: Category[];
  /** The product's current values (edit mode) or the form defaults. */
  initial: { name: string; fontFamily: string; isOnSale: boolean; visible: boolean };
};

/** The product form's fields with the spec's labels, placeholder and hint (docs/product.md §3.2). */
export function ProductFields({ fields, categories, initial }: ProductFieldsProps) {
  // Shown live: the preview in the chosen font, and the sale info only while on sale.
  const [name, setName] = useState(initial.name);
  const [font, setFont] = useState(initial.fontFamily);
  // Web fonts are declared per page (app/lib/fonts.ts): the preview loads the one it shows.
  useEffect(() => loadFontsLater([{ family: font, weights: [400] }]), [font]);
  const [onSale, setOnSale] = useState(initial.isOnSale);
  const [shown, setShown] = useState(initial.visible);
  const {
    description,
    stockQuantity,
    category,
    fontFamily,
    isOnSale,
    saleInfo,
    priceCents,
    salePriceCents,
    visible,
  } = fields;
  return (
    <>
      <Field field={fields.name} label="Nombre del Producto" className="flex flex-col">
        <Input
          {...getInputProps(fields.name, { type: "text" })}
          maxLength={200}
          placeholder="Ej: Pan Fresco"
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Field field={description} label="Descripción" className="flex flex-col">
        <Textarea {...getTextareaProps(description)} rows={3} maxLength={2000} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          field={stockQuantity}
          label="Cantidad en Stock"
          hint="0 para agotado"
          className="flex flex-col"
        >
          {(hintId) => (
            <Input
              {...getInputProps(stockQuantity, { type: "number", ariaDescribedBy: hintId })}
              inputMode="numeric"
              min={0}
              step={1}
            />
          )}
        </Field>
        <Field field={category} label="Categoría" className="flex flex-col">
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
        </Field>
      </div>
      <PriceInput field={priceCents} label="Precio (USD, opcional)" hint="Vacío: «Consultar precio»" />
      <Field field={fontFamily} label="Fuente del Texto" className="flex flex-col">
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
      </Field>
      <div className="flex flex-col gap-1.5 rounded-xl border bg-muted/50 p-4">
        <div className="flex items-center gap-3">
          <Switch
            id={visible.id}
            checked={shown}
            onCheckedChange={setShown}
            aria-describedby={`${visible.id}-hint`}
          />
          <input type="hidden" name={visible.name} value={String(shown)} />
          <Label htmlFor={visible.id}>Visible en la tienda</Label>
        </div>
        <p id={`${visible.id}-hint`} className="text-sm text-muted-foreground">
          {shown
            ? "Los visitantes lo ven en la tienda."
            : "Oculto: solo el personal lo ve; no aparece en la tienda, la búsqueda ni el carrito."}
        </p>
      </div>
      <div className="flex flex-col gap-3 rounded-xl border bg-muted/50 p-4">
        <div className="flex items-center gap-3">
          <Switch id={isOnSale.id} checked={onSale} onCheckedChange={setOnSale} />
          <input type="hidden" name={isOnSale.name} value={String(onSale)} />
          <Label htmlFor={isOnSale.id}>¿En Oferta?</Label>
        </div>
        {onSale && (
          <Field field={saleInfo} label="Info Oferta (Ej: 2x1, 10% OFF)" className="flex flex-col">
            <Input {...getInputProps(saleInfo, { type: "text" })} maxLength={60} placeholder="OFERTA" />
          </Field>
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
function PriceInput({ field, label, hint }: { field: Meta; label: string; hint: string }) {
  return (
    <Field field={field} label={label} hint={hint} className="flex flex-col">
      {(hintId) => (
        <Input
          {...getInputProps(field, { type: "text", ariaDescribedBy: hintId })}
          inputMode="decimal"
          maxLength={12}
          placeholder="0.00"
          autoComplete="off"
        />
      )}
    </Field>
  );
}
