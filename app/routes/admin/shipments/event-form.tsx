import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form } from "react-router";
import { ReplyStatus, useSubmitting } from "~/components/staff/reply-status";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { StatusButton } from "~/components/ui/status-button";
import { type FormReply, useZodForm } from "~/lib/forms";
import { EVENT_NOTE_MAX, EVENT_PLACE_MAX } from "~/lib/order-forms";
import { ORDER_STATUSES, STATUS_INFO } from "~/lib/orders";
import { SHIPMENTS_INTENT, shipmentEventSchema } from "~/lib/shipment-forms";
import { EVENT_FORM_ID } from "./parcel-rows";

/**
 * 'Añadir novedad a todos': what happened ('Salió de Miami'), where, when (now unless told) and,
 * when chosen, the new state, for every parcel on its way or for those marked in the list. The
 * place suggests the places written before.
 */
export function EventForm({
  shipmentId,
  action,
  reply,
  places,
  now,
  selected,
}: {
  shipmentId: string;
  action: string;
  reply: FormReply | undefined;
  places: string[];
  now: string;
  selected: number;
}) {
  const intent = SHIPMENTS_INTENT.event;
  const pending = useSubmitting(intent);
  const [form, fields] = useZodForm(shipmentEventSchema, {
    id: EVENT_FORM_ID,
    lastResult: reply?.intent === intent ? reply.result : undefined,
    defaultValue: { at: now, status: "" },
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={shipmentId} />
      <Field field={fields.note} label="Nota" hint="Ej: Salió de Miami, Llegó a Managua, En aduana">
        {(hintId) => (
          <Input
            {...getInputProps(fields.note, { type: "text", ariaDescribedBy: hintId })}
            maxLength={EVENT_NOTE_MAX}
            autoComplete="off"
          />
        )}
      </Field>
      <Field field={fields.place} label="Lugar" hint="Ej: Miami, Managua, Peñas Blancas">
        {(hintId) => (
          <Input
            {...getInputProps(fields.place, { type: "text", ariaDescribedBy: hintId })}
            list="shipment-places"
            maxLength={EVENT_PLACE_MAX}
            autoComplete="off"
          />
        )}
      </Field>
      <datalist id="shipment-places">
        {places.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <Field field={fields.status} label="Cambiar estado">
        <NativeSelect {...getSelectProps(fields.status)}>
          <option value="">Sin cambio</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_INFO[s].label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field field={fields.at} label="Fecha y hora (hora de Miami)">
        <Input {...getInputProps(fields.at, { type: "datetime-local" })} />
      </Field>
      <ReplyStatus reply={reply} intents={[intent]} />
      <StatusButton pending={pending}>
        {selected > 0
          ? `Añadir novedad a ${selected === 1 ? "1 marcado" : `${selected} marcados`}`
          : "Añadir novedad a todos"}
      </StatusButton>
    </Form>
  );
}
