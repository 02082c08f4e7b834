import { getFormProps, getInputProps } from "@conform-to/react";
import type { RefObject } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { FieldError, FieldHint } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { focusBackTo } from "~/components/ui/lazy-dialog";
import { Spinner } from "~/components/ui/spinner";
import { useReplyMessage, useZodForm } from "~/lib/forms";
import { MIN_PASSWORD_LENGTH } from "~/lib/passwords";
import { ownPasswordSchema } from "~/lib/staff-forms";
import type { Route } from "./+types/account";

export type PasswordDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
};

/** 'Cambiar contraseña' of the signed-in person (docs/product.md §3.7): the current one required. */
export function PasswordDialog({ open, onOpenChange, returnFocusTo }: PasswordDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" onCloseAutoFocus={focusBackTo(returnFocusTo)}>
        <DialogHeader>
          <DialogTitle>Cambiar contraseña</DialogTitle>
          <DialogDescription>Tus otras sesiones se cerrarán; esta sigue abierta.</DialogDescription>
        </DialogHeader>
        {open ? <PasswordForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PasswordForm({ onDone }: { onDone: () => void }) {
  const fetcher = useFetcher<Route.ComponentProps["actionData"]>();
  const busy = fetcher.state !== "idle";
  useReplyMessage(fetcher.data, onDone);
  const [form, fields] = useZodForm(ownPasswordSchema, {
    id: "own-password",
    lastResult: fetcher.data?.result,
    onValidSubmit: (event, formData) => {
      event.preventDefault();
      if (!busy) void fetcher.submit(formData, { method: "post", action: "/admin/account" });
    },
  });
  const hintId = `${fields.newPassword.id}-hint`;
  return (
    <form {...getFormProps(form)} method="post" action="/admin/account" className="grid gap-4">
      <input type="hidden" name="intent" value="own-password" />
      <fieldset disabled={busy} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={fields.currentPassword.id}>Contraseña actual</Label>
          <Input
            {...getInputProps(fields.currentPassword, { type: "password" })}
            autoComplete="current-password"
          />
          <FieldError id={fields.currentPassword.errorId} errors={fields.currentPassword.errors} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={fields.newPassword.id}>Nueva contraseña</Label>
          <Input
            {...getInputProps(fields.newPassword, { type: "password", ariaDescribedBy: hintId })}
            autoComplete="new-password"
          />
          <FieldHint id={hintId}>
            Al menos {MIN_PASSWORD_LENGTH} caracteres; mejor una frase que solo tú recuerdes.
          </FieldHint>
          <FieldError id={fields.newPassword.errorId} errors={fields.newPassword.errors} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={fields.confirmPassword.id}>Repite la nueva contraseña</Label>
          <Input
            {...getInputProps(fields.confirmPassword, { type: "password" })}
            autoComplete="new-password"
          />
          <FieldError id={fields.confirmPassword.errorId} errors={fields.confirmPassword.errors} />
        </div>
        <Button type="submit" className="w-full sm:w-auto sm:justify-self-end">
          {busy ? (
            <>
              <Spinner size="sm" label="Guardando..." className="text-current" />
              Guardando...
            </>
          ) : (
            "Guardar contraseña"
          )}
        </Button>
      </fieldset>
    </form>
  );
}
