import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { MIN_PASSWORD_LENGTH } from "~/lib/passwords";

/**
 * A new password typed twice, with its rule: 'Cambiar contraseña' (the staff frame) and the page an
 * invitation or reset link opens (/admin/clave/:token) ask for it the same way.
 */
export function NewPasswordFields({
  newPassword,
  confirmPassword,
  confirmLabel = "Repite la contraseña",
}: {
  newPassword: FieldMetadata<string>;
  confirmPassword: FieldMetadata<string>;
  confirmLabel?: string;
}) {
  return (
    <>
      <Field
        field={newPassword}
        label="Nueva contraseña"
        hint={<>Al menos {MIN_PASSWORD_LENGTH} caracteres; mejor una frase que solo tú recuerdes.</>}
      >
        {(hintId) => (
          <Input
            {...getInputProps(newPassword, { type: "password", ariaDescribedBy: hintId })}
            autoComplete="new-password"
          />
        )}
      </Field>
      <Field field={confirmPassword} label={confirmLabel}>
        <Input {...getInputProps(confirmPassword, { type: "password" })} autoComplete="new-password" />
      </Field>
    </>
  );
}
