import { getInputProps, getSelectProps } from "@conform-to/react";
import { href } from "react-router";
import { Field } from "~/components/ui/field";
import { FormDialog } from "~/components/ui/form-dialog";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { PASSWORD_LINK_HOURS } from "~/lib/password-links";
import { ROLE_LABELS } from "~/lib/permissions";
import { addStaffSchema, USERS_INTENT } from "~/lib/staff-forms";
import { generatedPassword, OptionalPasswordField, type ShownPassword } from "./one-time-password";

export type AddStaffDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A generated password to show once. */
  onPassword: (shown: ShownPassword) => void;
  /** Mail leaves (SMTP_URL): an empty password means an invitation by e-mail. */
  mailSending: boolean;
};

/**
 * 'Agregar usuario' (docs/product.md §3.7): name, e-mail, role, and a password, or (left empty) an
 * invitation by e-mail where the person chooses theirs, or without mail a generated one.
 */
export function AddStaffDialog({ open, onOpenChange, onPassword, mailSending }: AddStaffDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Agregar usuario"
      description={
        mailSending
          ? "Le enviaremos una invitación por correo para que elija su contraseña."
          : "La persona podrá entrar al panel con su correo y la contraseña."
      }
      className="sm:max-w-md"
      action={href("/admin/users")}
      intent={USERS_INTENT.add}
      schema={addStaffSchema}
      defaultValue={{ role: "operador" }}
      submitLabel="Agregar usuario"
      onSuccess={(reply) => {
        const shown = generatedPassword(reply, "");
        if (shown) onPassword(shown);
      }}
    >
      {(fields) => (
        <>
          <Field field={fields.name} label="Nombre">
            <Input {...getInputProps(fields.name, { type: "text" })} autoComplete="off" />
          </Field>
          <Field field={fields.email} label="Correo electrónico">
            <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="off" />
          </Field>
          <Field field={fields.role} label="Rol">
            <NativeSelect {...getSelectProps(fields.role)}>
              <option value="operador">{ROLE_LABELS.operador}</option>
              <option value="admin">{ROLE_LABELS.admin}</option>
            </NativeSelect>
          </Field>
          <OptionalPasswordField
            field={fields.password}
            label="Contraseña (opcional)"
            emptyMeans={
              mailSending
                ? `Déjala vacía y le enviaremos la invitación: un enlace para elegir la suya (vale ${PASSWORD_LINK_HOURS.invitation} horas).`
                : undefined
            }
          />
        </>
      )}
    </FormDialog>
  );
}
