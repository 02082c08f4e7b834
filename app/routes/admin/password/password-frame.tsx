import { KeyRound } from "lucide-react";
import type * as React from "react";
import { Link, useRouteLoaderData } from "react-router";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { SITE_SETTINGS_DEFAULTS } from "~/lib/site";
import type { loader as rootLoader } from "~/root";

/**
 * The frame of /admin/clave/:token and /admin/recuperar: one card under the site's name, as the
 * sign-in card, without the public site's menus or the staff frame (the person has no session
 * yet, and the page is nobody's destination from the site).
 */
export function PasswordFrame({
  title,
  description,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  const siteName = useRouteLoaderData<typeof rootLoader>("root")?.settings.siteName;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-muted/40 px-4 py-10">
      <Link to="/" className="text-lg font-bold text-primary hover:underline">
        {siteName ?? SITE_SETTINGS_DEFAULTS.siteName}
      </Link>
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
            <KeyRound aria-hidden="true" className="size-7" />
          </span>
          <h1 className="text-2xl leading-tight font-bold">{title}</h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
      <Link to="/admin-login" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        Volver a Acceso de Personal
      </Link>
    </main>
  );
}

/** A form's refusal in words (no scripts means no toast): always mounted, so it is announced. */
export function FormAlert({ id, message }: { id: string; message: string | undefined }) {
  return (
    <div id={id} role="alert">
      {message ? (
        <p className="rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** A page whose data failed: the message and the way back to the sign-in, in the same frame. */
export function PasswordErrorBoundary() {
  return (
    <main className="flex min-h-dvh flex-col bg-muted/40">
      <GeneralErrorBoundary home={{ to: "/admin-login", label: "Volver a Acceso de Personal" }} />
    </main>
  );
}

/** '90 segundos', '3 minutos': how long to wait, as the sign-in says it. */
export function waitWords(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60
    ? `${seconds} ${seconds === 1 ? "segundo" : "segundos"}`
    : `${minutes} ${minutes === 1 ? "minuto" : "minutos"}`;
}
