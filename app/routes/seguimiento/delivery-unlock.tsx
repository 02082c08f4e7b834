import { LockKeyhole } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { trackingPath } from "~/lib/orders";

/**
 * The 4-digit check (docs/product.md §2.9): a plain form posting to the tracking page's action,
 * so it works before the page's scripts run and without them; on success the page reloads the
 * order with its address and phone, and this device remembers it.
 */
export function DeliveryUnlock({
  trackingNumber,
  error,
  busy,
}: {
  trackingNumber: string;
  error: string | null;
  busy: boolean;
}) {
  return (
    <Form
      method="post"
      action={trackingPath(trackingNumber)}
      preventScrollReset
      className="mt-3 space-y-2 border-t border-border pt-3"
    >
      <p className="flex gap-2 text-sm text-muted-foreground" id="unlock-hint">
        <LockKeyhole aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        Para ver la dirección y el teléfono, confirma los últimos 4 dígitos del teléfono del pedido.
      </p>
      <input type="hidden" name="intent" value="unlock" />
      <Label htmlFor="unlock-digits">Últimos 4 dígitos del teléfono</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id="unlock-digits"
          name="digitos"
          inputMode="numeric"
          autoComplete="off"
          pattern="[0-9]{4}"
          maxLength={4}
          required
          placeholder="1234"
          aria-describedby={error ? "unlock-hint unlock-error" : "unlock-hint"}
          aria-invalid={error ? true : undefined}
          className="w-28 font-mono tracking-widest"
        />
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? "Verificando..." : "Ver datos de entrega"}
        </Button>
      </div>
      {error ? (
        <p id="unlock-error" role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
