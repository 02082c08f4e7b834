import { AlertTriangle, Home, RefreshCw } from "lucide-react";
import type * as React from "react";
import { isRouteErrorResponse, type MetaDescriptor, useRouteError } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { pageTitle } from "~/lib/meta";
import { errorDetails, errorReference } from "~/lib/route-error";

/** What the screen says above the details: a heading and a sentence. */
type ErrorCopy = { title: string; message: string };

/**
 * The data error screen of docs/product.md §2 ('Error al Cargar Datos'): a loader that failed, the
 * server out of reach, an exception. Every failure the status map below does not name.
 */
const DATA_ERROR: ErrorCopy = {
  title: "Error al Cargar Datos",
  message: "Ocurrió un problema al cargar la información. Por favor, recarga la página.",
};

/** Statuses a page answers on purpose, each in words of its own (Epic Stack's status handlers). */
const STATUS_HANDLERS: Partial<Record<number, ErrorCopy>> = {
  403: { title: "Acceso Denegado", message: "No tienes permiso para ver esta página." },
  404: { title: "Página no encontrada", message: "La página que buscas no existe o ya no está disponible." },
};

const copyOf = (error: unknown): ErrorCopy =>
  (isRouteErrorResponse(error) && STATUS_HANDLERS[error.status]) || DATA_ERROR;

/**
 * The document title of the error screen, for the meta function of the layout whose boundary
 * shows it (React Router takes the meta of the routes down to that one only).
 */
export function errorMeta(error: unknown, siteName?: string): MetaDescriptor[] {
  return [{ title: pageTitle(copyOf(error).title, siteName) }, { name: "robots", content: "noindex" }];
}

export type GeneralErrorBoundaryProps = {
  /** Where the second button leads: the site's start page, or the staff panel. */
  home?: { to: string; label: string };
};

/**
 * The one error screen of every layout's ErrorBoundary (root, public shell, staff frame): each
 * layout puts it inside its own frame, so a staff page's failure keeps the staff navigation and a
 * public page's the site's header and footer. It shows what failed in Spanish and the reference
 * the server logged it under, which staff can quote. Works without JavaScript: 'Recargar página'
 * is a link to the current URL and the other button a plain link (a full load gives a fresh start).
 */
export function GeneralErrorBoundary({
  home = { to: "/", label: "Volver al inicio" },
}: GeneralErrorBoundaryProps) {
  const error = useRouteError();
  const copy = copyOf(error);
  const details = errorDetails(error);
  const reference = errorReference(error);
  const reload = (e: React.MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    window.location.reload();
  };
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <Card className="w-full max-w-lg p-6 text-center sm:p-8">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <AlertTriangle aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-4 text-2xl font-bold">{copy.title}</h1>
        <p className="mt-2 text-muted-foreground">{copy.message}</p>
        {details && (
          <div className="mt-6 text-left">
            <p className="mb-1 text-xs font-semibold text-muted-foreground">Detalles del error</p>
            <pre className="max-h-40 overflow-auto rounded-lg bg-muted p-3 font-mono text-xs break-words whitespace-pre-wrap">
              {details}
            </pre>
          </div>
        )}
        {reference && (
          <p className="mt-4 text-sm text-muted-foreground">
            <span className="block font-mono text-base font-semibold text-foreground">{`Referencia: ${reference}`}</span>
            Indícala si pides ayuda: con ella encontramos lo ocurrido.
          </p>
        )}
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          {/* biome-ignore lint/a11y/useValidAnchor: href="" is a real link to this same URL, so the reload also works without JavaScript. */}
          <a href="" onClick={reload} className={buttonVariants()}>
            <RefreshCw aria-hidden="true" />
            Recargar página
          </a>
          <a href={home.to} className={buttonVariants({ variant: "outline" })}>
            <Home aria-hidden="true" />
            {home.label}
          </a>
        </div>
      </Card>
    </div>
  );
}
