import { type FieldMetadata, getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { href, useFetcher, useNavigation } from "react-router";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { StatusButton } from "~/components/ui/status-button";
import { Textarea } from "~/components/ui/textarea";
import { siteTextSchema, TEXTS_INTENT } from "~/lib/content-forms";
import { useReplyMessage, useZodForm } from "~/lib/forms";
import type { SiteText } from "~/lib/site";
import { notifyError } from "~/lib/toast";
import type { PanelActionData, PanelData } from "../types";
import { ContentHistory } from "./content-history";

type Key = keyof SiteText;
type FieldSpec = {
  key: Key;
  label: string;
  /** A multi-line field. */
  long?: boolean;
  /** Takes the whole row (a long label or value). */
  wide?: boolean;
  type?: "email" | "tel" | "url";
  hint?: string;
};

/** The four sections of 'Editar Textos del Sitio' and the field of every site text. */
const SECTIONS: { title: string; fields: FieldSpec[] }[] = [
  {
    title: "Página Principal (Hero)",
    fields: [
      { key: "heroTitle", label: "Título principal" },
      { key: "heroSubtitle", label: "Subtítulo", long: true },
      { key: "shippingInfoTitle", label: "Título de información de envíos" },
      { key: "shippingInfoBody", label: "Texto de información de envíos", long: true },
      { key: "servicesTitle", label: "Título de la página de servicios" },
      { key: "servicesSubtitle", label: "Subtítulo de la página de servicios", long: true },
    ],
  },
  {
    title: "Información de Contacto",
    fields: [
      { key: "contactTitle", label: "Título de la página de contacto" },
      { key: "contactDescription", label: "Descripción de la página de contacto", long: true },
      { key: "contactEmail", label: "Correo electrónico", type: "email" },
      {
        key: "contactPhone",
        label: "Teléfono",
        type: "tel",
        hint: "Con el código de país si no es de EE. UU., p. ej. +505 8888 1234.",
      },
      { key: "contactAddress", label: "Dirección" },
      {
        key: "whatsappLink",
        label: "Enlace de WhatsApp (debe ser completo, p. ej. https://wa.me/13055550100)",
        type: "url",
        wide: true,
        hint: "Lo usan todos los botones de WhatsApp del sitio.",
      },
    ],
  },
  {
    title: "Horario de Atención",
    fields: [
      { key: "businessHoursWeekday", label: "Lunes a Viernes" },
      { key: "businessHoursSaturday", label: "Sábado" },
      { key: "businessHoursSunday", label: "Domingo" },
    ],
  },
  { title: "Pie de Página", fields: [{ key: "footerText", label: "Texto del pie de página", long: true }] },
];

/** The 'Textos' tab (docs/product.md §3.2): every site text, and the history of changes. */
export function TextsTab({ text, changes }: Pick<PanelData, "text" | "changes">) {
  // A new change (this save, a restore) remounts the form with what is now stored.
  const version = changes[0]?.id ?? "defaults";
  return (
    <div className="grid gap-8 pt-2 xl:grid-cols-[minmax(0,1fr)_22rem]">
      <TextsForm key={version} text={text} />
      <ContentHistory changes={changes} />
    </div>
  );
}

function TextsForm({ text }: { text: SiteText }) {
  const fetcher = useFetcher<PanelActionData>();
  const navigation = useNavigation();
  const busy = fetcher.state !== "idle" || navigation.state === "loading";
  useReplyMessage(fetcher.data);
  const [form, fields] = useZodForm(siteTextSchema, {
    id: "site-texts",
    lastResult: fetcher.data?.intent === TEXTS_INTENT.save ? fetcher.data.result : undefined,
    defaultValue: text,
    onInvalidSubmit: () => notifyError("No se pudo guardar el texto: revisa los campos marcados."),
  });
  return (
    <Card className="p-5 sm:p-6">
      <h3 id="texts-title" className="text-xl font-semibold">
        Editar Textos del Sitio
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Un campo vacío muestra el texto por defecto. Los cambios se ven en el sitio al instante.
      </p>
      <fetcher.Form
        method="post"
        action={href("/admin")}
        {...getFormProps(form)}
        aria-labelledby="texts-title"
        className="mt-5"
      >
        <input type="hidden" name="intent" value={TEXTS_INTENT.save} />
        <fieldset disabled={busy} className="grid gap-8">
          {SECTIONS.map((section) => (
            <section
              key={section.title}
              aria-labelledby={`texts-${section.fields[0]?.key}`}
              className="grid gap-4"
            >
              <h4 id={`texts-${section.fields[0]?.key}`} className="border-b pb-2 font-semibold">
                {section.title}
              </h4>
              <div className="grid gap-4 md:grid-cols-2">
                {section.fields.map((f) => (
                  <TextField key={f.key} spec={f} field={fields[f.key] as FieldMetadata<string>} />
                ))}
              </div>
            </section>
          ))}
          <div className="flex justify-end border-t pt-5">
            <StatusButton pending={fetcher.state !== "idle"} className="w-full sm:w-auto">
              Guardar Textos
            </StatusButton>
          </div>
        </fieldset>
      </fetcher.Form>
    </Card>
  );
}

function TextField({ spec, field }: { spec: FieldSpec; field: FieldMetadata<string> }) {
  return (
    <Field
      field={field}
      label={spec.label}
      labelClassName="leading-snug"
      hint={spec.hint}
      className={spec.long || spec.wide ? "content-start md:col-span-2" : "content-start"}
    >
      {(hintId) =>
        spec.long ? (
          <Textarea {...getTextareaProps(field, { ariaDescribedBy: hintId })} rows={3} />
        ) : (
          <Input {...getInputProps(field, { type: spec.type ?? "text", ariaDescribedBy: hintId })} />
        )
      }
    </Field>
  );
}
