import { AlertTriangle, Home, RefreshCw } from "lucide-react";
import type * as React from "react";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

export type ErrorScreenProps = {
  /** Technical details (error message); shown in a muted monospace box. */
  details?: string;
  /** Defaults to a full page reload. */
  onReload?: () => void;
};

/**
 * Data-load failure screen (docs/product.md §2.1). Works without JavaScript: 'Recargar página' is a link
 * to the current URL and 'Volver al inicio' a plain link (a full load gives a fresh start).
 */
export function ErrorScreen({ details, onReload }: ErrorScreenProps) {
  const reload = (e: React.MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (onReload) onReload();
    else window.location.reload();
  };
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <Card className="w-full max-w-lg p-6 text-center sm:p-8">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <AlertTriangle aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-4 text-2xl font-bold">Error al Cargar Datos</h1>
        <p className="mt-2 text-muted-foreground">
          Ocurrió un problema al cargar la información. Por favor, recarga la página.
        </p>
        {details && (
          <div className="mt-6 text-left">
            <p className="mb-1 text-xs font-semibold text-muted-foreground">Detalles del error</p>
            <pre className="max-h-40 overflow-auto rounded-lg bg-muted p-3 font-mono text-xs break-words whitespace-pre-wrap">
              {details}
            </pre>
          </div>
        )}
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          {/* biome-ignore lint/a11y/useValidAnchor: href="" is a real link to this same URL, so the reload also works without JavaScript. */}
          <a href="" onClick={reload} className={buttonVariants()}>
            <RefreshCw aria-hidden="true" />
            Recargar página
          </a>
          <a href="/" className={buttonVariants({ variant: "outline" })}>
            <Home aria-hidden="true" />
            Volver al inicio
          </a>
        </div>
      </Card>
    </div>
  );
}
