import { href, useFetcher } from "react-router";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { type FormReply, useReplyMessage } from "~/lib/forms";
import { CUSTOMER_PHOTOS_INTENT } from "~/lib/image-forms";

/** A photo's 'Activo' switch (docs/product.md §3.2, §4.8): an inactive photo stays here but leaves /nosotros. */
export function ActiveSwitch({ id, isActive }: { id: string; isActive: boolean }) {
  const fetcher = useFetcher<FormReply>();
  useReplyMessage(fetcher.data);
  // Optimistic: the new state shows while it is saved.
  const pending = fetcher.formData?.get("isActive");
  const checked = pending ? pending === "true" : isActive;
  return (
    <div className="flex items-center gap-3">
      <Switch
        id={`active-${id}`}
        checked={checked}
        disabled={fetcher.state !== "idle"}
        onCheckedChange={(on) =>
          fetcher.submit(
            { intent: CUSTOMER_PHOTOS_INTENT.toggle, id, isActive: String(on) },
            { method: "post", action: href("/admin/clientes") },
          )
        }
      />
      <Label htmlFor={`active-${id}`}>Activo</Label>
    </div>
  );
}
