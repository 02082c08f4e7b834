import { getFormProps, getSelectProps } from "@conform-to/react";
import { useEffect, useState } from "react";
import { href, useActionData, useFetcher, useNavigation } from "react-router";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/field";
import { NativeSelect } from "~/components/ui/native-select";
import { StatusButton } from "~/components/ui/status-button";
import { APPEARANCE_INTENT, appearanceRefusal, appearanceSchema } from "~/lib/appearance-forms";
import { loadFontsLater } from "~/lib/fonts";
import { useReplyMessage, useZodForm } from "~/lib/forms";
import { SITE_FONTS, type SiteSettings } from "~/lib/site";
import { notifyError } from "~/lib/toast";
import { ColorFields } from "./color-fields";
import { LogoFields } from "./logo-fields";
import type { ActionData } from "./types";

/** The 'Apariencia' tab (docs/product.md §3.2): logo, its position and size, colours and font. */
export function AppearanceTab({ settings }: { settings: SiteSettings }) {
  // A save changes the stored settings: the form starts again from them. A failed save keeps what was typed.
  return <AppearanceForm key={JSON.stringify(settings)} settings={settings} />;
}

function AppearanceForm({ settings }: { settings: SiteSettings }) {
  const fetcher = useFetcher<ActionData>();
  const saving = fetcher.state !== "idle";
  const loading = useNavigation().state === "loading";
  const [font, setFont] = useState(settings.fontFamily);
  // Web fonts are declared per page (app/lib/fonts.ts): the preview loads the one it shows.
  useEffect(() => loadFontsLater([{ family: font, weights: [400] }]), [font]);
  useReplyMessage(fetcher.data);
  // Without JavaScript the form posts itself and the answer is the page's own: its marks, what
  // was typed, and its message (no toast) said by the button.
  const page = useActionData<ActionData>();
  const pageReply = page?.intent === APPEARANCE_INTENT.save ? page : undefined;
  const reply = fetcher.data?.intent === APPEARANCE_INTENT.save ? fetcher.data : pageReply;
  const [form, fields] = useZodForm(appearanceSchema, {
    id: "appearance",
    lastResult: reply?.result,
    defaultValue: {
      logoUrl: settings.logoUrl,
      logoTop: settings.logoPosition.top,
      logoLeft: settings.logoPosition.left,
      logoSize: String(settings.logoSize),
      colors: settings.colors,
      fontFamily: settings.fontFamily,
    },
    onInvalidSubmit: (errors) => notifyError(appearanceRefusal(errors)),
    onValidSubmit: (event, formData) => {
      event.preventDefault();
      // docs/product.md §4.7: a second submit while saving is ignored.
      if (saving) return;
      void fetcher.submit(formData, {
        method: "post",
        action: href("/admin/apariencia"),
        encType: "multipart/form-data",
      });
    },
  });

  return (
    <Card className="p-5 sm:p-6">
      <h2 id="appearance-title" className="text-xl font-semibold">
        Apariencia del Sitio
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        El logo, los colores y la fuente se ven en todas las páginas públicas al guardar.
      </p>
      <form
        {...getFormProps(form)}
        method="post"
        encType="multipart/form-data"
        aria-labelledby="appearance-title"
        className="mt-5"
      >
        <input type="hidden" name="intent" value={APPEARANCE_INTENT.save} />
        <fieldset disabled={saving || loading} className="grid gap-8">
          <LogoFields form={form} fields={fields} siteName={settings.siteName} />
          <ColorFields form={form} fields={fields.colors.getFieldset()} confirm={fields.confirmContrast} />
          <section aria-labelledby="appearance-section-font" className="grid gap-3">
            <h3 id="appearance-section-font" className="border-b pb-2 font-semibold">
              Fuente
            </h3>
            <Field field={fields.fontFamily} label="Fuente del sitio" className="sm:max-w-sm">
              <NativeSelect {...getSelectProps(fields.fontFamily)} onChange={(e) => setFont(e.target.value)}>
                {SITE_FONTS.map((f) => (
                  <option key={f} value={f}>
                    {f === "Open Sans" ? "Open Sans (recomendada)" : f}
                  </option>
                ))}
              </NativeSelect>
              <p className="text-lg" style={{ fontFamily: `"${font}", sans-serif` }}>
                Así se verán los textos del sitio.
              </p>
              <p className="text-xs text-muted-foreground">Los títulos usan Montserrat.</p>
            </Field>
          </section>
          <div className="grid justify-items-end gap-3 border-t pt-5">
            {!fetcher.data && pageReply?.message?.description ? (
              <p
                role={pageReply.ok ? "status" : "alert"}
                className={cn(
                  "w-full text-sm font-medium",
                  pageReply.ok ? "text-primary" : "text-destructive",
                )}
              >
                {pageReply.message.description}
              </p>
            ) : null}
            <StatusButton pending={saving} className="w-full sm:w-auto">
              Guardar Cambios
            </StatusButton>
          </div>
        </fieldset>
      </form>
    </Card>
  );
}
