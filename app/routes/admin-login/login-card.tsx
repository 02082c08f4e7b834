import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Loader2, LockKeyhole } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LOGIN_INCOMPLETE, LOGIN_INCOMPLETE_TITLE, loginSchema } from "~/lib/auth-forms";
import { useZodForm } from "~/lib/forms";
import { errorToast, notify } from "~/lib/toast";

export type LoginCardProps = {
  busy: boolean;
  /** The last sign-in attempt's reply: keeps the e-mail, never the password. */
  lastResult?: SubmissionResult<string[]>;
  /** Why the last attempt failed, shown under the password. */
  errorMessage?: string;
  /** Where to return after signing in; posted as a hidden 'redirectTo' field when set. */
  redirectTo?: string;
};

/**
 * Staff sign-in form (docs/product.md §3.1). Posts email/password to the current route's
 * action; empty fields are caught in the browser with the spec's 'Campos incompletos' toast.
 * After a failed attempt the password field is emptied and the e-mail kept.
 */
export function LoginCard({ busy, lastResult, errorMessage, redirectTo }: LoginCardProps) {
  const [form, fields] = useZodForm(loginSchema, {
    id: "login",
    lastResult,
    onInvalidSubmit: () => notify(errorToast(LOGIN_INCOMPLETE, LOGIN_INCOMPLETE_TITLE)),
  });
  // A new answer from the server remounts (and so clears) the password field.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (lastResult) setAttempt((n) => n + 1);
  }, [lastResult]);
  const errorId = `${form.id}-error`;
  const described = (ids: (string | false | undefined)[]) => ids.filter(Boolean).join(" ") || undefined;

  return (
    <div className="flex flex-1 items-center justify-center px-4 py-12 md:py-20">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
            <LockKeyhole aria-hidden="true" className="size-7" />
          </span>
          <h1 className="text-2xl leading-tight font-bold">Acceso de Personal</h1>
          <CardDescription>
            Inicia sesión para administrar la tienda, los pedidos y los mensajes.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" {...getFormProps(form)} className="grid gap-5" aria-busy={busy || undefined}>
            {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
            <div className="grid gap-2">
              <Label htmlFor={fields.email.id}>Correo electrónico</Label>
              <Input
                {...getInputProps(fields.email, { type: "email" })}
                inputMode="email"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                aria-invalid={fields.email.errors || errorMessage ? true : undefined}
                aria-describedby={described([
                  fields.email.errors && fields.email.errorId,
                  !!errorMessage && errorId,
                ])}
              />
              <FieldError id={fields.email.errorId} errors={fields.email.errors} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={fields.password.id}>Contraseña</Label>
              <Input
                {...getInputProps(fields.password, { type: "password", value: false })}
                key={attempt}
                autoComplete="current-password"
                aria-invalid={fields.password.errors || errorMessage ? true : undefined}
                aria-describedby={described([
                  fields.password.errors && fields.password.errorId,
                  !!errorMessage && errorId,
                ])}
              />
              <FieldError id={fields.password.errorId} errors={fields.password.errors} />
              {/* Always mounted so screen readers announce the message when it appears. */}
              <div id={errorId} role="alert">
                {errorMessage && (
                  <p className="mt-1 rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
                    {errorMessage}
                  </p>
                )}
              </div>
            </div>
            <Button type="submit" size="lg" disabled={busy} className="w-full">
              {busy && <Loader2 aria-hidden="true" className="animate-spin" />}
              {busy ? "Ingresando..." : "Iniciar Sesión"}
            </Button>
            <Link
              to="/admin/recuperar"
              className="justify-self-center text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              ¿Olvidaste tu contraseña?
            </Link>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
