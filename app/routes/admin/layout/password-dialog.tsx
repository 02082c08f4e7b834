import { getInputProps } from "@conform-to/react";
import type { RefObject } from "react";
import { href } from "react-router";
import { NewPasswordFields } from "~/components/staff/new-password-fields";
import { Field } from "~/components/ui/field";
import { FormDialog } from "~/components/ui/form-dialog";
import { Input } from "~/components/ui/input";
import { ACCOUNT_INTENT, ownPasswordSchema } from "~/lib/staff-forms";

export type PasswordDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
};

/** 'Cambiar contraseña' of the signed-in person (docs/product.md §3.7): the current one required. */
export function PasswordDialog({ open, onOpenChange, returnFocusTo }: PasswordDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      title="Cambiar contraseña"
      description="Tus otras sesiones se cerrarán; esta sigue abierta."
      className="sm:max-w-md"
      action={href("/admin/account")}
      intent={ACCOUNT_INTENT.ownPassword}
      schema={ownPasswordSchema}
      submitLabel="Guardar contraseña"
      cancelLabel={null}
    >
      {(fields) => (
        <>
          <Field field={fields.currentPassword} label="Contraseña actual">
            <Input
              {...getInputProps(fields.currentPassword, { type: "password" })}
              autoComplete="current-password"
            />
          </Field>
          <NewPasswordFields
            newPassword={fields.newPassword}
            confirmPassword={fields.confirmPassword}
            confirmLabel="Repite la nueva contraseña"
          />
        </>
      )}
    </FormDialog>
  );
}
