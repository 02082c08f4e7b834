import { getFormProps, getInputProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { type FormReply, useReplyMessage, useZodForm } from "~/lib/forms";
import { altTextSchema } from "~/lib/image-forms";

export type AltTextFormProps = {
  id: string;
  altText: string;
  /** `{prefix}-alt` of app/routes/admin/image-intents.ts, and the action that handles it. */
  intent: string;
  action: string;
  /** The field's label, e.g. 'Descripción de la imagen 2' (unique on the page). */
  label: string;
};

/**
 * The description screen readers read for one image, in the carousels and the lightbox
 * (beyond the spec). A failed save keeps what was typed, with the reason by the field.
 */
export function AltTextForm({ id, altText, intent, action, label }: AltTextFormProps) {
  const fetcher = useFetcher<FormReply>();
  useReplyMessage(fetcher.data);
  const [form, fields] = useZodForm(altTextSchema, {
    id: `alt-${id}`,
    lastResult: fetcher.data?.result,
    defaultValue: { id, altText },
  });
  const field = fields.altText;
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Field field={field} label={label} className="gap-1.5">
        <div className="flex gap-2">
          <Input {...getInputProps(field, { type: "text" })} key={field.key} />
          <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"} className="shrink-0">
            Guardar
          </Button>
        </div>
      </Field>
    </fetcher.Form>
  );
}
