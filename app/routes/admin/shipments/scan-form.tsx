import { getFormProps, getInputProps } from "@conform-to/react";
import { ScanBarcode } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { ReplyStatus, useSubmitting } from "~/components/staff/reply-status";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { StatusButton } from "~/components/ui/status-button";
import { type FormReply, useZodForm } from "~/lib/forms";
import { SHIPMENTS_INTENT, shipmentAddSchema } from "~/lib/shipment-forms";

/**
 * Parcels in by their numbers: a barcode scanner types the label's number and presses Enter, so
 * each scan is one submission; after it the box is empty and ready for the next one. Staff can
 * also type the number (the 6-character code alone is enough) or paste several.
 */
export function ScanForm({
  shipmentId,
  action,
  reply,
}: {
  shipmentId: string;
  action: string;
  reply: FormReply | undefined;
}) {
  const intent = SHIPMENTS_INTENT.add;
  const pending = useSubmitting(intent);
  const input = useRef<HTMLInputElement>(null);
  const mine = reply?.intent === intent ? reply : undefined;
  const [form, fields] = useZodForm(shipmentAddSchema, {
    id: "shipment-scan",
    lastResult: mine?.result,
  });
  // Ready for the next box: the answer came, the box is empty again (resetForm) and focused.
  useEffect(() => {
    if (mine) input.current?.focus();
  }, [mine]);
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="mb-4 grid gap-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={shipmentId} />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field
          field={fields.numbers}
          label="Número de tracking"
          hint="Escanea la etiqueta de la caja, o escribe el número o su código de 6 letras y pulsa Enter."
          className="flex-1"
        >
          {(hintId) => (
            <Input
              {...getInputProps(fields.numbers, { type: "text", ariaDescribedBy: hintId })}
              ref={input}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="send"
              placeholder="TRK-2026-ABC123"
            />
          )}
        </Field>
        <StatusButton pending={pending} className="sm:mt-7">
          <ScanBarcode aria-hidden="true" /> Añadir
        </StatusButton>
      </div>
      <ReplyStatus reply={reply} intents={[intent]} />
    </Form>
  );
}
