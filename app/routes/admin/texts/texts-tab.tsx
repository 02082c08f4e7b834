import { type FieldMetadata, getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { useState } from "react";
import { href, useFetcher, useNavigation } from "react-router";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { StatusButton } from "~/components/ui/status-button";
import { Textarea } from "~/components/ui/textarea";
import { siteTextFormValues, siteTextSchema, TEXTS_INTENT } from "~/lib/content-forms";
import { useReplyMessage, useZodForm } from "~/lib/forms";
import type { SiteText } from "~/lib/site";
import { notifyError } from "~/lib/toast";
import { ContentHistory } from "./content-history";
import type { ActionData, LoaderData } from "./types";

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

const HOURS_HINT = "Como 9:00 AM - 6:00 PM, o Cerrado.";

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
        hint: "Con el código de país si no es de EE. UU., p. ej. +505 8888 1234. También es el número de WhatsApp, salvo que indiques otro abajo.",
      },
      { key: "contactAddress", label: "Dirección" },
    ],
  },
  {
    title: "Horario de Atención",
    fields: [
      { key: "businessHoursWeekday", label: "Lunes a Viernes", hint: HOURS_HINT },
      { key: "businessHoursSaturday", label: "Sábado", hint: HOURS_HINT },
      { key: "businessHoursSunday", label: "Domingo", hint: HOURS_HINT },
    ],
  },
  { title: "Pie de Página", fields: [{ key: "footerText", label: "Texto del pie de página", long: true }] },
];

/** The 'Textos' tab (docs/product.md §3.2): every site text, and the history of changes. */
export function TextsTab({
  text,
  changes,
  problems,
}: Pick<LoaderData, "text" | "changes"> & { problems?: Record<string, string[]> | null }) {
  // A new change (this save, a restore) remounts the form with what is now stored.
  const version = changes[0]?.id ?? "defaults";
  return (
    <div className="grid gap-8 pt-2 xl:grid-cols-[minmax(0,1fr)_22rem]">
      <TextsForm key={version} text={text} problems={problems ?? null} />
      <ContentHistory changes={changes} />
    </div>
  );
}

/** The form's values without the empty ones (Conform's initial values hold strings only). */
const definedValues = (v: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Record<string, string>;

function TextsForm({ text, problems }: { text: SiteText; problems: Record<string, string[]> | null }) {
  const fetcher = useFetcher<ActionData>();
  const navigation = useNavigation();
  const busy = fetcher.state !== "idle" || navigation.state === "loading";
  useReplyMessage(fetcher.data);
  const [form, fields] = useZodForm(siteTextSchema, {
    id: "site-texts",
    // Stored values the site cannot use show their message by the field from the start.
    lastResult:
      fetcher.data?.intent === TEXTS_INTENT.save
        ? fetcher.data.result
        : problems
          ? {
              status: "error" as const,
              initialValue: definedValues(siteTextFormValues(text)),
              error: problems,
            }
          : undefined,
    defaultValue: siteTextFormValues(text),
    onInvalidSubmit: () => notifyError("No se pudo guardar el texto: revisa los campos marcados."),
  });
  return (
    <Card className="p-5 sm:p-6">
      <h2 id="texts-title" className="text-xl font-semibold">
        Editar Textos del Sitio
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Un campo vacío muestra el texto por defecto. Los cambios se ven en el sitio al instante.
      </p>
      <fetcher.Form
        method="post"
        action={href("/admin/textos")}
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
              <h3 id={`texts-${section.fields[0]?.key}`} className="border-b pb-2 font-semibold">
                {section.title}
              </h3>
              <div className="grid gap-4 md:grid-cols-2">
                {section.fields.map((f) => (
                  <TextField key={f.key} spec={f} field={fields[f.key] as FieldMetadata<string>} />
                ))}
                {section.title === "Información de Contacto" ? (
                  <WhatsappFields
                    same={fields.whatsappSame as FieldMetadata<string>}
                    number={fields.whatsappNumber as FieldMetadata<string>}
                  />
                ) : null}
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

/**
 * The WhatsApp number (docs/product.md §4.9): by default the contact phone ('Usar el mismo
 * número'); unticked, a number of its own. Every WhatsApp button of the site writes to it.
 */
function WhatsappFields({ same, number }: { same: FieldMetadata<string>; number: FieldMetadata<string> }) {
  const [useSame, setUseSame] = useState(same.initialValue === "on");
  return (
    <div className="grid content-start gap-2 md:col-span-2">
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input
          {...getInputProps(same, { type: "checkbox", value: "on" })}
          onChange={(e) => setUseSame(e.target.checked)}
          className="size-5 shrink-0 accent-primary"
        />
        WhatsApp: usar el mismo número del teléfono
      </label>
      {useSame ? (
        <p className="text-xs text-muted-foreground">
          Todos los botones de WhatsApp del sitio escriben al teléfono de arriba.
        </p>
      ) : (
        <Field
          field={number}
          label="Número de WhatsApp"
          labelClassName="leading-snug"
          hint="Lo usan todos los botones de WhatsApp del sitio: carrito, cotizaciones, Personal Shop, contacto y pie de página."
        >
          {(hintId) => (
            <Input
              {...getInputProps(number, { type: "tel", ariaDescribedBy: hintId })}
              placeholder="+505 8888 1234"
            />
          )}
        </Field>
      )}
    </div>
  );
}
