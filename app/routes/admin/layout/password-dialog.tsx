import { getInputProps } from "@conform-to/react";
import type { RefObject } from "react";
import { href } from "react-router";
import { Field } from "~/components/ui/field";
import { FormDialog } from "~/components/ui/form-dialog";
import { Input } from "~/components/ui/input";
import { MIN_PASSWORD_LENGTH } from "~/lib/passwords";
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
          <Field
            field={fields.newPassword}
            label="Nueva contraseña"
            hint={<>Al menos {MIN_PASSWORD_LENGTH} caracteres; mejor una frase que solo tú recuerdes.</>}
          >
            {(hintId) => (
              <Input
                {...getInputProps(fields.newPassword, { type: "password", ariaDescribedBy: hintId })}
                autoComplete="new-password"
              />
            )}
          </Field>
          <Field field={fields.confirmPassword} label="Repite la nueva contraseña">
            <Input
              {...getInputProps(fields.confirmPassword, { type: "password" })}
              autoComplete="new-password"
            />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
