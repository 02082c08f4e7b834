import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Loader2 } from "lucide-react";
import { Form, Link } from "react-router";
import { NewPasswordFields } from "~/components/staff/new-password-fields";
import { Button } from "~/components/ui/button";
import { useZodForm } from "~/lib/forms";
import { setPasswordSchema } from "~/lib/password-links";
import { FormAlert } from "./password-frame";

export type SetPasswordFormProps = {
  /** The account's e-mail, for the browser's password manager to file the new password under. */
  email: string;
  busy: boolean;
  lastResult?: SubmissionResult<string[]>;
  /** Why the last post was refused, shown under the fields. */
  errorMessage?: string;
};

/**
 * 'Nueva contraseña' and 'Repite la contraseña' (setPasswordSchema): checked in the browser once
 * the page's scripts run, and always by the server, which shows its errors by the fields.
 */
export function SetPasswordForm({ email, busy, lastResult, errorMessage }: SetPasswordFormProps) {
  const [form, fields] = useZodForm(setPasswordSchema, { id: "set-password", lastResult });
  const errorId = `${form.id}-error`;
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-5" aria-busy={busy || undefined}>
      {/* Read by password managers only: the account the new password belongs to. */}
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <NewPasswordFields newPassword={fields.newPassword} confirmPassword={fields.confirmPassword} />
      <FormAlert id={errorId} message={errorMessage} />
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy && <Loader2 aria-hidden="true" className="animate-spin" />}
        {busy ? "Guardando..." : "Guardar y entrar"}
      </Button>
    </Form>
  );
}

/** What a link that no longer works offers: a new one, or the sign-in. */
export function LinkProblem() {
  return (
    <div className="grid gap-3">
      <Button asChild size="lg" className="w-full">
        <Link to="/admin/recuperar">¿Olvidaste tu contraseña?</Link>
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Si te invitaron y el enlace venció, pide uno nuevo con tu correo, o pídele a un administrador de la
        tienda que te lo envíe.
      </p>
    </div>
  );
}
