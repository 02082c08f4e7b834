import { Boxes } from "lucide-react";
import { useEffect, useRef } from "react";
import { href, useFetcher } from "react-router";
import { NativeSelect } from "~/components/ui/native-select";
import { StatusButton } from "~/components/ui/status-button";
import { type FormReply, useReplyMessage } from "~/lib/forms";
import { SHIPMENTS_INTENT } from "~/lib/shipment-forms";

/** The form the list's checkboxes belong to (`form=`): the parcels marked go into a shipment. */
export const TO_SHIPMENT_FORM = "orders-to-shipment";

/**
 * 'Añadir marcados al embarque': the parcels ticked in the list go into the shipment chosen here
 * (one from another shipment moves, and the answer says so). Without scripts it posts to
 * 'Embarques', which answers there.
 */
export function ToShipment({ shipments }: { shipments: { id: string; reference: string }[] }) {
  const fetcher = useFetcher<FormReply>();
  const form = useRef<HTMLFormElement>(null);
  useReplyMessage(fetcher.data);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  if (shipments.length === 0) return null;
  return (
    <fetcher.Form
      ref={form}
      id={TO_SHIPMENT_FORM}
      method="post"
      action={href("/admin/embarques")}
      className="mb-3 flex flex-col gap-2 rounded-xl border border-dashed border-border p-3 sm:flex-row sm:items-center"
    >
      <input type="hidden" name="intent" value={SHIPMENTS_INTENT.add} />
      <label htmlFor="to-shipment-id" className="text-sm font-medium sm:shrink-0">
        Marca pedidos y añádelos a
      </label>
      <NativeSelect id="to-shipment-id" name="id" className="sm:w-56">
        {shipments.map((s) => (
          <option key={s.id} value={s.id}>
            {s.reference}
          </option>
        ))}
      </NativeSelect>
      <StatusButton pending={fetcher.state !== "idle"} variant="outline" size="sm">
        <Boxes aria-hidden="true" /> Añadir marcados al embarque
      </StatusButton>
    </fetcher.Form>
  );
}
