import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Form } from "react-router";
import { ReplyStatus, useSubmitting } from "~/components/staff/reply-status";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { formatDateTime } from "~/lib/dates";
import { useZodForm } from "~/lib/forms";
import { MAX_ANNOUNCEMENT_LENGTH } from "~/lib/schedule";
import { announcementSchema, SCHEDULE_INTENT } from "~/lib/schedule-forms";
import { ACTION, EditLink, FormButtons, RowAction } from "./parts";
import type { ScheduleData, ScheduleReply } from "./types";

type Item = ScheduleData["announcements"][number];

const STATE: Record<Item["state"], { label: string; variant: BadgeVariant }> = {
  shown: { label: "Se muestra ahora", variant: "default" },
  scheduled: { label: "Programado", variant: "secondary" },
  covered: { label: "En espera: hay uno más nuevo", variant: "outline" },
  hidden: { label: "Oculto", variant: "outline" },
};

const INTENTS = [
  SCHEDULE_INTENT.announcementSave,
  SCHEDULE_INTENT.announcementToggle,
  SCHEDULE_INTENT.announcementDelete,
];

/** 'Barra de avisos': the form (new, or the one `?aviso=` opened) and the announcements not yet ended. */
export function AnnouncementsCard({ data, reply }: { data: ScheduleData; reply: ScheduleReply }) {
  const editing = data.editingAnnouncement;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Barra de avisos</CardTitle>
        <CardDescription>
          Un mensaje corto arriba de todas las páginas del sitio. Se ve solo uno: el más nuevo que esté activo
          en ese momento. Cada visitante puede cerrarlo.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <AnnouncementForm key={editing?.id ?? "new"} data={data} reply={reply} />
        <ReplyStatus reply={reply} intents={INTENTS} />
        <section aria-labelledby="announcements-list" className="grid gap-3">
          <h3 id="announcements-list" className="font-semibold">
            Avisos programados
          </h3>
          {data.announcements.length === 0 ? (
            <p className="rounded-xl border border-dashed p-4 text-center text-sm text-muted-foreground">
              No hay avisos. Los que terminan se borran solos.
            </p>
          ) : (
            <ul aria-labelledby="announcements-list" className="grid gap-3">
              {data.announcements.map((a) => (
                <AnnouncementRow key={a.id} item={a} timeZone={data.timeZone} />
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

function AnnouncementForm({ data, reply }: { data: ScheduleData; reply: ScheduleReply }) {
  const editing = data.editingAnnouncement;
  const pending = useSubmitting(SCHEDULE_INTENT.announcementSave);
  const [form, fields] = useZodForm(announcementSchema, {
    id: "announcement-form",
    lastResult: reply?.intent === SCHEDULE_INTENT.announcementSave ? reply.result : undefined,
    defaultValue: editing
      ? {
          id: editing.id,
          message: editing.message,
          linkUrl: editing.linkUrl ?? "",
          startsAt: editing.startsAtInput,
          endsAt: editing.endsAtInput,
          active: editing.active ? "on" : undefined,
        }
      : { startsAt: data.defaults.startsAt, endsAt: data.defaults.endsAt, active: "on" },
  });
  // The announcement being changed: the one `?aviso=` opened, or the one a refused save was about.
  const id = typeof fields.id.initialValue === "string" ? fields.id.initialValue : undefined;
  return (
    <Form
      method="post"
      action={ACTION}
      {...getFormProps(form)}
      aria-labelledby="announcement-form-title"
      className="grid scroll-mt-24 gap-4 rounded-xl border bg-muted/40 p-4"
    >
      <h3 id="announcement-form-title" className="font-semibold">
        {id ? "Editar aviso" : "Nuevo aviso"}
      </h3>
      <input type="hidden" name="intent" value={SCHEDULE_INTENT.announcementSave} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <Field
        field={fields.message}
        label="Mensaje"
        hint={`Hasta ${MAX_ANNOUNCEMENT_LENGTH} caracteres, por ejemplo: «Este sábado cerramos a las 2:00 PM».`}
      >
        {(hintId) => <Textarea {...getTextareaProps(fields.message, { ariaDescribedBy: hintId })} rows={2} />}
      </Field>
      <Field
        field={fields.linkUrl}
        label="Enlace (opcional)"
        hint="Una página del sitio, como /tienda, o una dirección que empiece por https://."
      >
        {(hintId) => (
          <Input
            {...getInputProps(fields.linkUrl, { type: "text", ariaDescribedBy: hintId })}
            inputMode="url"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field field={fields.startsAt} label="Desde">
          <Input {...getInputProps(fields.startsAt, { type: "datetime-local" })} />
        </Field>
        <Field field={fields.endsAt} label="Hasta">
          <Input {...getInputProps(fields.endsAt, { type: "datetime-local" })} />
        </Field>
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input
          {...getInputProps(fields.active, { type: "checkbox", value: "on" })}
          className="size-5 shrink-0 accent-primary"
        />
        Mostrar en el sitio
      </label>
      <FormButtons editing={!!id} pending={pending} saveLabel="Guardar aviso" />
    </Form>
  );
}

function AnnouncementRow({ item, timeZone }: { item: Item; timeZone: string }) {
  const state = STATE[item.state];
  const which = `del aviso «${item.message.slice(0, 40)}»`;
  return (
    <li className="grid gap-2 rounded-xl border p-4">
      <Badge variant={state.variant}>{state.label}</Badge>
      <p className="font-medium [overflow-wrap:anywhere]">{item.message}</p>
      {item.linkUrl ? (
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">Enlace: {item.linkUrl}</p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {formatDateTime(item.startsAt, timeZone)} – {formatDateTime(item.endsAt, timeZone)}
      </p>
      <div className="mt-1 flex flex-wrap gap-2">
        <EditLink param="aviso" id={item.id} formId="announcement-form" srLabel={which} />
        <RowAction
          intent={SCHEDULE_INTENT.announcementToggle}
          id={item.id}
          fields={{ active: String(!item.active) }}
          label={item.active ? "Ocultar" : "Mostrar"}
          srLabel={which}
        />
        <RowAction
          intent={SCHEDULE_INTENT.announcementDelete}
          id={item.id}
          label="Eliminar"
          srLabel={which}
          destructive
        />
      </div>
    </li>
  );
}
