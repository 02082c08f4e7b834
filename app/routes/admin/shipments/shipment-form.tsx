import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form } from "react-router";
import { ReplyStatus, useSubmitting } from "~/components/staff/reply-status";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { StatusButton } from "~/components/ui/status-button";
import { type FormReply, useZodForm } from "~/lib/forms";
import { PHONE_COUNTRIES } from "~/lib/phone";
import { SHIPMENT_REFERENCE_MAX, SHIPMENTS_INTENT, shipmentSchema } from "~/lib/shipment-forms";

type Shipment = {
  id: string;
  reference: string;
  carrier: string | null;
  departsOn: string | null;
  destination: string | null;
};

/**
 * A shipment's details: what staff call it, the carrier or container, the day it leaves (its
 * parcels' transit days count from it) and where it goes. New on the list, editable on its page.
 */
export function ShipmentForm({
  shipment,
  reply,
  action,
}: {
  shipment: Shipment | null;
  reply: FormReply | undefined;
  action: string;
}) {
  const intent = shipment ? SHIPMENTS_INTENT.save : SHIPMENTS_INTENT.create;
  const pending = useSubmitting(intent);
  const [form, fields] = useZodForm(shipmentSchema, {
    id: shipment ? `shipment-${shipment.id}` : "shipment-new",
    lastResult: reply?.intent === intent ? reply.result : undefined,
    defaultValue: shipment
      ? {
          reference: shipment.reference,
          carrier: shipment.carrier ?? "",
          departsOn: shipment.departsOn ?? "",
          destination: shipment.destination ?? "",
        }
      : undefined,
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value={intent} />
      {shipment ? <input type="hidden" name="id" value={shipment.id} /> : null}
      <Field
        field={fields.reference}
        label="Nombre del embarque *"
        hint="Ej: Contenedor 48, Vuelo 12 de diciembre"
      >
        {(hintId) => (
          <Input
            {...getInputProps(fields.reference, { type: "text", ariaDescribedBy: hintId })}
            maxLength={SHIPMENT_REFERENCE_MAX}
            autoComplete="off"
          />
        )}
      </Field>
      <Field field={fields.carrier} label="Transportista, contenedor o vuelo">
        <Input {...getInputProps(fields.carrier, { type: "text" })} maxLength={80} autoComplete="off" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          field={fields.departsOn}
          label="Sale de Miami el día"
          hint="La entrega estimada de sus paquetes cuenta desde este día."
        >
          {(hintId) => (
            <Input {...getInputProps(fields.departsOn, { type: "date", ariaDescribedBy: hintId })} />
          )}
        </Field>
        <Field field={fields.destination} label="Destino">
          <NativeSelect {...getSelectProps(fields.destination)}>
            <option value="">Sin destino</option>
            {PHONE_COUNTRIES.filter((c) => c.code !== "US").map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <ReplyStatus reply={reply} intents={[intent]} />
      <div className="flex justify-end">
        <StatusButton pending={pending}>{shipment ? "Guardar cambios" : "Crear embarque"}</StatusButton>
      </div>
    </Form>
  );
}

/** 'Sale el 2 de diciembre · Nicaragua · MSC': what a shipment is, in one line. */
export function shipmentLine(
  s: { carrier: string | null; departsOn: string | null; destinationName: string | null },
  day: (d: string) => string,
): string {
  return [s.departsOn ? `Sale el ${day(s.departsOn)}` : "Sin fecha de salida", s.destinationName, s.carrier]
    .filter(Boolean)
    .join(" · ");
}
