import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { ReplyStatus, useSubmitting } from "~/components/staff/reply-status";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { formatDayRange } from "~/lib/dates";
import { useZodForm } from "~/lib/forms";
import { type SpecialDate, specialHoursText } from "~/lib/opening-hours";
import { SCHEDULE_INTENT, specialDateSchema } from "~/lib/schedule-forms";
import { ACTION, EditLink, FormButtons, RowAction } from "./parts";
import type { ScheduleData, ScheduleReply } from "./types";

const INTENTS = [SCHEDULE_INTENT.specialSave, SCHEDULE_INTENT.specialDelete];

/**
 * 'Fechas especiales': days the shop is closed or open other hours. They replace the weekly hours
 * in the footer, on Contacto, in the chat and for search engines; past ones are deleted by themselves.
 */
export function SpecialDatesCard({ data, reply }: { data: ScheduleData; reply: ScheduleReply }) {
  const editing = data.editingSpecial;
  const now = new Date(data.now);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Fechas especiales</CardTitle>
        <CardDescription>
          Días en que la tienda cierra o abre en otro horario (feriados, inventario). Reemplazan el horario
          semanal en el pie de página, en Contacto y en el chat.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <SpecialDateForm key={editing?.id ?? "new"} data={data} reply={reply} />
        <ReplyStatus reply={reply} intents={INTENTS} />
        <section aria-labelledby="special-dates-list" className="grid gap-3">
          <h3 id="special-dates-list" className="font-semibold">
            Próximas fechas especiales
          </h3>
          {data.specialDates.length === 0 ? (
            <p className="rounded-xl border border-dashed p-4 text-center text-sm text-muted-foreground">
              No hay fechas especiales. Las que pasan se borran solas.
            </p>
          ) : (
            <ul aria-labelledby="special-dates-list" className="grid gap-3">
              {data.specialDates.map((s) => (
                <SpecialDateRow
                  key={s.id}
                  item={s}
                  today={data.defaults.today}
                  now={now}
                  timeZone={data.timeZone}
                />
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

function SpecialDateForm({ data, reply }: { data: ScheduleData; reply: ScheduleReply }) {
  const editing = data.editingSpecial;
  const pending = useSubmitting(SCHEDULE_INTENT.specialSave);
  const [form, fields] = useZodForm(specialDateSchema, {
    id: "special-date-form",
    lastResult: reply?.intent === SCHEDULE_INTENT.specialSave ? reply.result : undefined,
    defaultValue: editing
      ? {
          id: editing.id,
          startsOn: editing.startsOn,
          endsOn: editing.endsOn === editing.startsOn ? "" : editing.endsOn,
          kind: editing.closed ? "closed" : "hours",
          opensAt: editing.opensAt ?? "",
          closesAt: editing.closesAt ?? "",
          reason: editing.reason,
        }
      : { startsOn: data.defaults.today, kind: "closed" },
  });
  const id = typeof fields.id.initialValue === "string" ? fields.id.initialValue : undefined;
  return (
    <Form
      method="post"
      action={ACTION}
      {...getFormProps(form)}
      aria-labelledby="special-date-form-title"
      className="group grid scroll-mt-24 gap-4 rounded-xl border bg-muted/40 p-4"
    >
      <h3 id="special-date-form-title" className="font-semibold">
        {id ? "Editar fecha especial" : "Nueva fecha especial"}
      </h3>
      <input type="hidden" name="intent" value={SCHEDULE_INTENT.specialSave} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <div className="grid grid-cols-2 gap-3">
        <Field field={fields.startsOn} label="Desde el día">
          <Input {...getInputProps(fields.startsOn, { type: "date" })} />
        </Field>
        <Field field={fields.endsOn} label="Hasta el día" hint="Vacío: un solo día.">
          {(hintId) => <Input {...getInputProps(fields.endsOn, { type: "date", ariaDescribedBy: hintId })} />}
        </Field>
      </div>
      <fieldset className="grid gap-2" aria-describedby={fields.kind.errorId}>
        <legend className="mb-1 text-sm font-medium">Ese día</legend>
        <div className="flex flex-wrap gap-x-6">
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input
              {...getInputProps(fields.kind, { type: "radio", value: "closed" })}
              className="size-5 accent-primary"
            />
            Cerrado
          </label>
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input
              {...getInputProps(fields.kind, { type: "radio", value: "hours" })}
              className="size-5 accent-primary"
            />
            Otro horario
          </label>
        </div>
        <FieldError id={fields.kind.errorId} errors={fields.kind.errors} />
      </fieldset>
      {/* The hours only matter for 'Otro horario': hidden by CSS while 'Cerrado' is chosen, so
          this works without scripts too. */}
      <div className="grid grid-cols-2 gap-3 group-has-[input[value=closed]:checked]:hidden">
        <Field field={fields.opensAt} label="Abre">
          <Input {...getInputProps(fields.opensAt, { type: "time" })} />
        </Field>
        <Field field={fields.closesAt} label="Cierra">
          <Input {...getInputProps(fields.closesAt, { type: "time" })} />
        </Field>
      </div>
      <Field field={fields.reason} label="Motivo" hint="Lo leen los clientes, por ejemplo: Navidad.">
        {(hintId) => <Input {...getInputProps(fields.reason, { type: "text", ariaDescribedBy: hintId })} />}
      </Field>
      <FormButtons editing={!!id} pending={pending} saveLabel="Guardar fecha" />
    </Form>
  );
}

function SpecialDateRow({
  item,
  today,
  now,
  timeZone,
}: {
  item: SpecialDate;
  today: string;
  now: Date;
  timeZone: string;
}) {
  const days = formatDayRange(item.startsOn, item.endsOn, now, timeZone);
  const which = `de la fecha ${days}`;
  return (
    <li className="grid gap-2 rounded-xl border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold">{days}</p>
        {item.startsOn <= today && today <= item.endsOn ? <Badge>Hoy</Badge> : null}
      </div>
      <p className="text-sm [overflow-wrap:anywhere]">
        {specialHoursText(item)}
        {item.reason ? <span className="text-muted-foreground"> · {item.reason}</span> : null}
      </p>
      <div className="mt-1 flex flex-wrap gap-2">
        <EditLink param="fecha" id={item.id} formId="special-date-form" srLabel={which} />
        <RowAction
          intent={SCHEDULE_INTENT.specialDelete}
          id={item.id}
          label="Eliminar"
          srLabel={which}
          destructive
        />
      </div>
    </li>
  );
}
