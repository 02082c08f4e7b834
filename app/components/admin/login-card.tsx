import { Loader2, LockKeyhole } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

export type LoginCardProps = {
  busy: boolean;
  defaultEmail?: string;
  /** Change it to remount (and so clear) the password field, e.g. after a failed attempt. */
  passwordResetKey: string | number;
  errorMessage?: string;
  /** Where to return after signing in; posted as a hidden 'redirectTo' field when set. */
  redirectTo?: string;
};

/**
 * Staff sign-in form (SPEC §2.11). Posts email/password to the current route's action.
 * No `required` attributes: validation happens in the app so the spec's messages show.
 */
export function LoginCard({
  busy,
  defaultEmail,
  passwordResetKey,
  errorMessage,
  redirectTo,
}: LoginCardProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const describedBy = errorMessage ? errorId : undefined;
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
          <Form method="post" noValidate className="grid gap-5" aria-busy={busy || undefined}>
            {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
            <div className="grid gap-2">
              <Label htmlFor={`${id}-email`}>Correo electrónico</Label>
              <Input
                id={`${id}-email`}
                name="email"
                type="email"
                inputMode="email"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                defaultValue={defaultEmail}
                aria-invalid={errorMessage ? true : undefined}
                aria-describedby={describedBy}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-password`}>Contraseña</Label>
              <Input
                key={passwordResetKey}
                id={`${id}-password`}
                name="password"
                type="password"
                autoComplete="current-password"
                aria-invalid={errorMessage ? true : undefined}
                aria-describedby={describedBy}
              />
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
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
