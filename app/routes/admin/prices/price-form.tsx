import { type FieldMetadata, getFormProps, getInputProps } from "@conform-to/react";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { href, useFetcher, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { StatusButton } from "~/components/ui/status-button";
import { type FormReply, useReplyMessage, useZodForm } from "~/lib/forms";
import { newBoxId, PRICES_INTENT, priceListFormValues, priceListSchema } from "~/lib/price-forms";
import { MAX_BOXES, type PriceList } from "~/lib/price-list";
import { notifyError } from "~/lib/toast";

type BoxFields = {
  id: string;
  name: string;
  largo: string;
  ancho: string;
  alto: string;
  largoCm: string;
  anchoCm: string;
  altoCm: string;
  price: string;
};

const SIDES = [
  { key: "largo", cm: "largoCm", label: "Largo" },
  { key: "ancho", cm: "anchoCm", label: "Ancho" },
  { key: "alto", cm: "altoCm", label: "Alto" },
] as const;

/**
 * 'Precios': the box sizes (name, inside measurements in inches and centimetres, price; add,
 * remove, reorder) and the Personal Shop commission and price per pound. One form, one save:
 * adding, removing and moving boxes change the form only, until 'Guardar precios'.
 */
export function PriceForm({ prices }: { prices: PriceList }) {
  const fetcher = useFetcher<FormReply>();
  const navigation = useNavigation();
  const busy = fetcher.state !== "idle" || navigation.state === "loading";
  useReplyMessage(fetcher.data);
  const [form, fields] = useZodForm(priceListSchema, {
    id: "price-list",
    lastResult: fetcher.data?.intent === PRICES_INTENT.save ? fetcher.data.result : undefined,
    defaultValue: priceListFormValues(prices),
    onInvalidSubmit: () => notifyError("No se pudieron guardar los precios: revisa los campos marcados."),
  });
  const boxes = fields.boxes.getFieldList();
  return (
    <Card className="p-4 sm:p-6">
      <fetcher.Form
        method="post"
        action={href("/admin/precios")}
        {...getFormProps(form)}
        aria-label="Precios"
      >
        <input type="hidden" name="intent" value={PRICES_INTENT.save} />
        <fieldset disabled={busy} className="grid gap-8">
          <section aria-labelledby="boxes-title" className="grid gap-4">
            <div>
              <h2 id="boxes-title" className="text-xl font-semibold">
                Envíos por caja
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">
                Medidas por dentro. El sitio las muestra en este orden; la calculadora de /servicios elige la
                caja más pequeña en la que cabe el paquete. Los centímetros vacíos se calculan solos.
              </p>
            </div>
            <ol className="grid gap-4">
              {boxes.map((box, index) => (
                <BoxRow
                  key={box.key}
                  field={box as unknown as FieldMetadata<BoxFields>}
                  index={index}
                  count={boxes.length}
                  listName={fields.boxes.name}
                  form={form}
                />
              ))}
            </ol>
            <FieldError id={fields.boxes.errorId} errors={fields.boxes.errors} />
            {boxes.length < MAX_BOXES ? (
              <Button
                type="submit"
                variant="outline"
                className="w-full sm:w-fit"
                {...form.insert.getButtonProps({
                  name: fields.boxes.name,
                  defaultValue: { id: newBoxId(), name: "", price: "" },
                })}
              >
                <Plus aria-hidden="true" />
                Añadir caja
              </Button>
            ) : null}
          </section>

          <section aria-labelledby="personal-shop-title" className="grid gap-4">
            <h2 id="personal-shop-title" className="border-b pb-2 text-xl font-semibold">
              Personal Shop
            </h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                field={fields.commission}
                label="Comisión de servicio (%)"
                hint="Sobre el total de la compra, p. ej. 15."
              >
                {(hint) => (
                  <Input
                    {...getInputProps(fields.commission, { type: "text", ariaDescribedBy: hint })}
                    inputMode="decimal"
                    autoComplete="off"
                  />
                )}
              </Field>
              <Field
                field={fields.pricePerPound}
                label="Envío internacional por libra (US$)"
                hint="Como lo escribes: 25, 25.00 o $25."
              >
                {(hint) => (
                  <Input
                    {...getInputProps(fields.pricePerPound, { type: "text", ariaDescribedBy: hint })}
                    inputMode="decimal"
                    autoComplete="off"
                  />
                )}
              </Field>
            </div>
          </section>

          <div>
            <StatusButton pending={busy} className="w-full sm:w-auto">
              Guardar precios
            </StatusButton>
          </div>
        </fieldset>
      </fetcher.Form>
    </Card>
  );
}

type ListForm = ReturnType<typeof useZodForm>[0];
// Conform's list buttons (add, move, remove) are submit buttons that change the form, not save it:
// each says type="submit" (the Button's default is "button").

function BoxRow({
  field,
  index,
  count,
  listName,
  form,
}: {
  field: FieldMetadata<BoxFields>;
  index: number;
  count: number;
  listName: string;
  form: ListForm;
}) {
  const f = field.getFieldset();
  const n = index + 1;
  const title = `Caja ${n}`;
  return (
    <li className="grid gap-4 rounded-xl border p-4" aria-label={title}>
      <input {...getInputProps(f.id, { type: "hidden" })} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-1">
          <h3 className="font-semibold">{title}</h3>
          {/* The box's hidden id, refused when the page is stale: said on the box it is about. */}
          <FieldError id={f.id.errorId} errors={f.id.errors} />
        </div>
        <div className="flex gap-1">
          <Button
            type="submit"
            variant="ghost"
            size="icon"
            aria-label={`Subir la caja ${n}`}
            disabled={index === 0}
            {...form.reorder.getButtonProps({ name: listName, from: index, to: index - 1 })}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            type="submit"
            variant="ghost"
            size="icon"
            aria-label={`Bajar la caja ${n}`}
            disabled={index === count - 1}
            {...form.reorder.getButtonProps({ name: listName, from: index, to: index + 1 })}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button
            type="submit"
            variant="ghost"
            size="sm"
            className="text-destructive"
            disabled={count === 1}
            aria-label={`Quitar la caja ${n}`}
            {...form.remove.getButtonProps({ name: listName, index })}
          >
            <Trash2 aria-hidden="true" />
            Quitar
          </Button>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <Field
          field={f.name}
          label="Nombre (opcional)"
          hint="Si lo dejas vacío, la caja se nombra por sus medidas."
        >
          {(hint) => (
            <Input {...getInputProps(f.name, { type: "text", ariaDescribedBy: hint })} autoComplete="off" />
          )}
        </Field>
        <Field field={f.price} label="Precio (US$)">
          <Input {...getInputProps(f.price, { type: "text" })} inputMode="decimal" autoComplete="off" />
        </Field>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Medidas por dentro, en pulgadas</legend>
          <div className="grid grid-cols-3 gap-2 sm:gap-3">
            {SIDES.map((s) => (
              <Field
                key={s.key}
                field={f[s.key]}
                label={s.label}
                labelClassName="text-xs text-muted-foreground"
              >
                <Input
                  {...getInputProps(f[s.key], { type: "text" })}
                  inputMode="decimal"
                  autoComplete="off"
                />
              </Field>
            ))}
          </div>
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">En centímetros (opcional)</legend>
          <div className="grid grid-cols-3 gap-2 sm:gap-3">
            {SIDES.map((s) => (
              <Field
                key={s.cm}
                field={f[s.cm]}
                label={s.label}
                labelClassName="text-xs text-muted-foreground"
              >
                <Input {...getInputProps(f[s.cm], { type: "text" })} inputMode="decimal" autoComplete="off" />
              </Field>
            ))}
          </div>
        </fieldset>
      </div>
    </li>
  );
}
