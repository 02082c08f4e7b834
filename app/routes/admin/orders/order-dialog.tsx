import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useState } from "react";
import { href } from "react-router";
import { Field } from "~/components/ui/field";
import { FormDialog } from "~/components/ui/form-dialog";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { newRequestKey } from "~/lib/ids";
import {
  EVENT_NOTE_MAX,
  EVENT_PLACE_MAX,
  NOTE_MAX,
  ORDERS_INTENT,
  orderEditSchema,
  orderFormSchema,
} from "~/lib/order-forms";
import { ORDER_STATUSES, REQUIRED_MESSAGE, REQUIRED_TITLE, STATUS_INFO } from "~/lib/orders";
import { CONTENTS_EXAMPLE, CONTENTS_MAX, formatContents, MAX_WEIGHT_LB, OTHER_BOX } from "~/lib/parcel";
import { displayPhone, PHONE_COUNTRIES, phoneCountryOf } from "~/lib/phone";
import { boxTitle } from "~/lib/price-list";
import { errorToast, notify } from "~/lib/toast";
import { useSite } from "~/lib/use-site";
import { OrderEvents } from "./order-events";
import { PhoneField } from "./phone-field";
import type { Courier, StaffOrder } from "./types";

type Props = {
  /** null: the 'Nuevo Pedido' dialog; an order: 'Editar Pedido: {tracking}'. */
  order: StaffOrder | null;
  couriers: Courier[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timeZone?: string;
  /** 'Crear pedido' from a chat conversation: the new order starts with the contact's name and phone and names the contact. */
  contact?: { id: string; name: string; phone: string | null } | null;
  /**
   * 'Crear pedido' from a chat conversation, with or without a contact: the new order records it
   * (`sourceClientId`, 'Abrir conversación' in this screen); the name staff gave it fills 'Cliente'
   * when there is no contact.
   */
  conversation?: { clientId: string; name: string | null } | null;
  /** Shipments the parcel can travel in ('Embarque'); none offered when not given. */
  shipments?: { id: string; reference: string }[];
  /** After 'Crear Pedido' succeeded: the new parcel's id and number (its print pages). */
  onCreated?: (order: { id: string; trackingNumber: string }) => void;
};

/**
 * Create and edit dialogs (docs/product.md §3.4). Errors show by each field and the spec's
 * 'Campos Requeridos' toast when the name or the description is missing; fields stay as typed
 * when a save fails.
 */
export function OrderDialog({
  order,
  couriers,
  open,
  onOpenChange,
  timeZone,
  contact,
  conversation,
  shipments,
  onCreated,
}: Props) {
  const editing = order !== null;
  const forContact = !editing && contact ? contact : null;
  const fromChat = !editing && conversation ? conversation : null;
  // One key per new order: a retry of the same submission finds the order it made (never two).
  const [requestKey, setRequestKey] = useState(newRequestKey);
  // The price list's boxes; a box since renamed or removed stays listed on the orders that have it.
  const listed = useSite().prices.boxes.map(boxTitle);
  const boxes =
    order?.box && order.box !== OTHER_BOX && !listed.includes(order.box) ? [order.box, ...listed] : listed;
  // The order's own shipment stays listed even when all its parcels arrived.
  const trips =
    order?.shipmentId && !shipments?.some((t) => t.id === order.shipmentId)
      ? [{ id: order.shipmentId, reference: order.shipmentReference ?? "" }, ...(shipments ?? [])]
      : (shipments ?? []);
  const openChange = (next: boolean) => {
    if (!next) setRequestKey(newRequestKey());
    onOpenChange(next);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={openChange}
      title={editing ? `Editar Pedido: ${order.trackingNumber}` : "Nuevo Pedido"}
      description={
        editing ? "Actualiza los datos, el estado o el repartidor." : "El pedido empieza como 'En el local'."
      }
      className="max-w-xl"
      fieldsClassName="sm:grid-cols-2"
      action={href("/admin/orders")}
      intent={editing ? ORDERS_INTENT.update : ORDERS_INTENT.create}
      hidden={
        editing
          ? { id: order.id }
          : {
              requestKey,
              ...(forContact ? { contactId: forContact.id } : {}),
              ...(fromChat ? { sourceClientId: fromChat.clientId } : {}),
            }
      }
      id={
        editing
          ? `order-${order.id}`
          : forContact
            ? `order-new-${forContact.id}`
            : fromChat
              ? `order-new-${fromChat.clientId}`
              : "order-new"
      }
      schema={editing ? orderEditSchema : orderFormSchema}
      defaultValue={
        order
          ? {
              ...order,
              id: order.id,
              deliveryPersonId: order.deliveryPersonId ?? "none",
              destination: order.destination ?? "",
              expectedFrom: order.expectedFrom ?? "",
              expectedTo: order.expectedTo ?? "",
              customerPhone: order.customerPhone ? displayPhone(order.customerPhone) : "",
              customerPhoneCountry: phoneCountryOf(order.customerPhone),
              senderPhone: order.senderPhone ? displayPhone(order.senderPhone) : "",
              senderPhoneCountry: phoneCountryOf(order.senderPhone),
              box: order.box ?? "",
              weightLb: order.weightLb == null ? "" : String(order.weightLb).replace(".", ","),
              contents: formatContents(order.contents),
              shipmentId: order.shipmentId ?? "",
            }
          : forContact
            ? {
                customerName: forContact.name,
                customerPhone: forContact.phone ? displayPhone(forContact.phone) : "",
                customerPhoneCountry: phoneCountryOf(forContact.phone),
              }
            : fromChat?.name
              ? { customerName: fromChat.name }
              : undefined
      }
      onInvalidSubmit={(errors) => {
        if (errors.customerName || errors.orderDescription)
          notify(errorToast(REQUIRED_MESSAGE, REQUIRED_TITLE));
      }}
      onSuccess={(reply) => {
        const made = reply.extra as { id?: string; trackingNumber?: string } | undefined;
        if (!editing && made?.id && made.trackingNumber)
          onCreated?.({ id: made.id, trackingNumber: made.trackingNumber });
      }}
      submitLabel={editing ? "Guardar Cambios" : "Crear Pedido"}
    >
      {(fields) => {
        // Only the edit schema has these; the create form simply does not render them.
        const edit = fields as unknown as Record<
          | "status"
          | "deliveryPersonId"
          | "estimatedDeliveryTime"
          | "customerNote"
          | "internalNote"
          | "expectedFrom"
          | "expectedTo"
          | "eventNote"
          | "eventPlace",
          FieldMetadata<string>
        >;
        return (
          <>
            <TextField label="Cliente" field={fields.customerName} required maxLength={200} />
            <PhoneField phone={fields.customerPhone} country={fields.customerPhoneCountry} />
            <TextField label="Dirección" field={fields.customerAddress} wide maxLength={500} />
            <Field
              field={fields.orderDescription}
              label={
                <>
                  Descripción <span aria-hidden="true">*</span>
                </>
              }
              className="sm:col-span-2"
            >
              <Textarea {...getTextareaProps(fields.orderDescription)} rows={3} maxLength={2000} />
            </Field>
            <TextField
              label="Total"
              field={fields.orderTotal}
              placeholder="Ej: C$150 o $5.00"
              maxLength={50}
            />
            <Field field={fields.destination} label="Destino">
              <NativeSelect {...getSelectProps(fields.destination)}>
                <option value="">{editing ? "Sin destino" : "Según el teléfono del cliente"}</option>
                {PHONE_COUNTRIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <fieldset className="grid gap-3 rounded-lg border border-border p-3 sm:col-span-2 sm:grid-cols-2">
              <legend className="px-1 text-sm font-medium">Remitente (quien envía y paga; opcional)</legend>
              <TextField label="Nombre del remitente" field={fields.senderName} maxLength={200} />
              <PhoneField
                phone={fields.senderPhone}
                country={fields.senderPhoneCountry}
                label="Teléfono del remitente"
                whose="del remitente"
              />
              <TextField
                label="Correo del remitente"
                field={fields.senderEmail}
                type="email"
                placeholder="nombre@correo.com"
                wide
                maxLength={200}
              />
            </fieldset>
            <fieldset className="grid gap-3 rounded-lg border border-border p-3 sm:col-span-2 sm:grid-cols-2">
              <legend className="px-1 text-sm font-medium">Caja y contenido</legend>
              <Field field={fields.box} label="Caja" className="self-start">
                <NativeSelect {...getSelectProps(fields.box)}>
                  <option value="">Sin caja</option>
                  {boxes.map((b) => (
                    <option key={b} value={b}>
                      {b}
                    </option>
                  ))}
                  <option value={OTHER_BOX}>Otro (se pesa en libras)</option>
                </NativeSelect>
              </Field>

              <Field field={fields.weightLb} label="Peso en libras (solo para 'Otro')" className="self-start">
                <Input
                  {...getInputProps(fields.weightLb, { type: "text" })}
                  inputMode="decimal"
                  placeholder={`Ej: 12,5 (máx. ${MAX_WEIGHT_LB})`}
                  maxLength={6}
                  autoComplete="off"
                />
              </Field>
              <Field
                field={fields.contents}
                label="Contenido declarado (para la aduana)"
                hint={`Un artículo por línea, con su valor en dólares. Ej: ${CONTENTS_EXAMPLE}`}
                className="sm:col-span-2"
              >
                {(hintId) => (
                  <Textarea
                    {...getTextareaProps(fields.contents, { ariaDescribedBy: hintId })}
                    rows={3}
                    maxLength={CONTENTS_MAX}
                    placeholder={`${CONTENTS_EXAMPLE}\nZapatos, 35`}
                  />
                )}
              </Field>
              {trips.length > 0 || editing ? (
                <Field field={fields.shipmentId} label="Embarque" className="self-start">
                  <NativeSelect {...getSelectProps(fields.shipmentId)}>
                    <option value="">Sin embarque</option>
                    {trips.map((t) => (
                      <option key={t.id} value={t.id}>
                        {t.reference}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
              ) : null}
            </fieldset>
            {editing ? (
              <>
                <Field field={edit.status} label="Estado">
                  <NativeSelect {...getSelectProps(edit.status)}>
                    {ORDER_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {STATUS_INFO[s].label}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Field field={edit.deliveryPersonId} label="Repartidor">
                  <NativeSelect {...getSelectProps(edit.deliveryPersonId)}>
                    <option value="none">No asignado</option>
                    {couriers.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <TextField
                  label="Tiempo Est."
                  field={edit.estimatedDeliveryTime}
                  placeholder="Ej: 30 minutos"
                  maxLength={100}
                />
                <NoteField
                  field={edit.customerNote}
                  label="Nota para el cliente (se ve en el seguimiento)"
                  placeholder="Ej: Entregamos de 2 a 6 de la tarde."
                />
                <NoteField
                  field={edit.internalNote}
                  label="Nota interna (solo el equipo)"
                  placeholder="Ej: Paga al recoger. Llamar antes de entregar."
                />
                <fieldset className="grid gap-3 rounded-lg border border-border p-3 sm:col-span-2 sm:grid-cols-2">
                  <legend className="px-1 text-sm font-medium">
                    Entrega estimada de este pedido (vacío: la del destino)
                  </legend>
                  <Field field={edit.expectedFrom} label="Desde">
                    <Input {...getInputProps(edit.expectedFrom, { type: "date" })} />
                  </Field>
                  <Field field={edit.expectedTo} label="Hasta">
                    <Input {...getInputProps(edit.expectedTo, { type: "date" })} />
                  </Field>
                </fieldset>
                <OrderEvents order={order} timeZone={timeZone} />
                <fieldset className="grid gap-3 rounded-lg border border-border p-3 sm:col-span-2 sm:grid-cols-2">
                  <legend className="px-1 text-sm font-medium">
                    Añadir al historial (lo verá el cliente)
                  </legend>
                  <Field field={edit.eventNote} label="Nota para el historial">
                    <Input
                      {...getInputProps(edit.eventNote, { type: "text" })}
                      placeholder="Ej: Llegó a Managua"
                      maxLength={EVENT_NOTE_MAX}
                      autoComplete="off"
                    />
                  </Field>
                  <Field field={edit.eventPlace} label="Lugar">
                    <Input
                      {...getInputProps(edit.eventPlace, { type: "text" })}
                      placeholder="Ej: Managua"
                      maxLength={EVENT_PLACE_MAX}
                      autoComplete="off"
                    />
                  </Field>
                </fieldset>
              </>
            ) : null}
          </>
        );
      }}
    </FormDialog>
  );
}

function TextField(props: {
  label: string;
  field: FieldMetadata<string | null | undefined>;
  placeholder?: string;
  type?: "text" | "tel" | "email";
  required?: boolean;
  wide?: boolean;
  maxLength: number;
}) {
  const { field } = props;
  return (
    <Field
      field={field}
      label={
        <>
          {props.label}
          {props.required ? <span aria-hidden="true"> *</span> : null}
        </>
      }
      className={props.wide ? "sm:col-span-2" : undefined}
    >
      <Input
        {...getInputProps(field, { type: props.type ?? "text" })}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
      />
    </Field>
  );
}

/** One of the order's two notes: who reads it is in its label. */
function NoteField({
  field,
  label,
  placeholder,
}: {
  field: FieldMetadata<string>;
  label: string;
  placeholder: string;
}) {
  return (
    <Field field={field} label={label} className="sm:col-span-2">
      <Textarea {...getTextareaProps(field)} rows={2} maxLength={NOTE_MAX} placeholder={placeholder} />
    </Field>
  );
}
