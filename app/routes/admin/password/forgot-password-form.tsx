import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Loader2, MailCheck } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useZodForm } from "~/lib/forms";
import { forgotPasswordSchema, PASSWORD_LINK_HOURS, RESET_REQUESTED } from "~/lib/password-links";
import { FormAlert } from "./password-frame";

export type ForgotPasswordFormProps = {
  busy: boolean;
  lastResult?: SubmissionResult<string[]>;
  /** Why the last post was refused (too many requests), shown under the field. */
  errorMessage?: string;
};

/** '¿Olvidaste tu contraseña?': the account's e-mail (forgotPasswordSchema). */
export function ForgotPasswordForm({ busy, lastResult, errorMessage }: ForgotPasswordFormProps) {
  const [form, fields] = useZodForm(forgotPasswordSchema, { id: "forgot-password", lastResult });
  const errorId = `${form.id}-error`;
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-5" aria-busy={busy || undefined}>
      <Field field={fields.email} label="Correo electrónico">
        <Input
          {...getInputProps(fields.email, {
            type: "email",
            ariaDescribedBy: errorMessage ? errorId : undefined,
          })}
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
      </Field>
      <FormAlert id={errorId} message={errorMessage} />
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy && <Loader2 aria-hidden="true" className="animate-spin" />}
        {busy ? "Enviando..." : "Enviar enlace"}
      </Button>
    </Form>
  );
}

/** The one answer, whether or not the address has an account (the frame links back to the sign-in). */
export function ResetRequested() {
  return (
    <div className="grid gap-4 text-center">
      <MailCheck aria-hidden="true" className="mx-auto size-10 text-primary" />
      <p role="status" className="font-medium">
        {RESET_REQUESTED}
      </p>
      <p className="text-sm text-muted-foreground">
        El enlace vale {PASSWORD_LINK_HOURS.reset} horas y sirve una sola vez. Si no llega en unos minutos,
        revisa la carpeta de correo no deseado o pide ayuda a un administrador de la tienda.
      </p>
    </div>
  );
}
