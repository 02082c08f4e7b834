import { History, Upload } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { FileInput } from "~/components/ui/file-input";
import { Label } from "~/components/ui/label";
import { StatusButton } from "~/components/ui/status-button";
import { contentsInWords, copyOf, outcomeInWords, RESTORE_INTENT } from "./restore-words";
import type { BackupsData } from "./types";

/**
 * 'Restaurar' on 'Copias de seguridad' (docs/decisions/0029-restore-from-dashboard.md): the
 * confirmation card of `?restaurar=<copy>`, the page that says the site restarts, the last
 * restore's outcome, the upload of an archive, and for Postgres the command instead. Every step
 * is a form or a link: it works before and without JavaScript.
 */

type Confirm = NonNullable<BackupsData["confirm"]>;
type RestoreState = BackupsData["restore"];

const LIST = "/admin/backups";
/** The restart page reloads the list after this; the site answers 'Volvemos en un momento' until it is back. */
const RELOAD_SECONDS = 8;

function Notice({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <div
      role={ok ? "status" : "alert"}
      className={cn(
        "mb-4 rounded-lg border p-3 text-sm font-medium",
        ok ? "border-primary/30 bg-primary/5" : "border-destructive/40 bg-destructive/5 text-destructive",
      )}
    >
      {children}
    </div>
  );
}

/** The step before a restore: what the copy holds, what happens, 'Sí, restaurar' or 'Cancelar'. */
export function RestoreConfirm({ confirm, timeZone }: { confirm: Confirm; timeZone?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [sending, setSending] = useState(false);
  // Opened by a link with JavaScript: focus goes to the question, as a dialog's would.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  if (!confirm.ok)
    return (
      <Notice ok={false}>
        {confirm.error}{" "}
        <Link to={LIST} className="underline">
          Volver a la lista
        </Link>
      </Notice>
    );
  const copy = copyOf(confirm.createdAt, timeZone);
  return (
    <Card role="region" aria-labelledby="restore-confirm-title" className="mb-6 border-destructive/50">
      <CardHeader>
        <CardTitle as="h2" id="restore-confirm-title" ref={heading} tabIndex={-1} className="outline-none">
          ¿Restaurar {copy}?
        </CardTitle>
        <CardDescription className="text-base text-foreground">
          Contiene {contentsInWords(confirm.counts)}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>
          Todo lo que tiene ahora el sitio se reemplaza por lo de esta copia: lo guardado después (pedidos,
          mensajes, cambios) deja de verse. Antes se hace una copia de los datos de ahora, marcada «Antes de
          restaurar», para que puedas volver a ellos.
        </p>
        <p>El sitio se reinicia durante un momento y todo el personal tendrá que iniciar sesión de nuevo.</p>
        {/* A whole-page post even with JavaScript: the answer is the page that says the site restarts. */}
        <Form
          method="post"
          action={LIST}
          reloadDocument
          className="flex flex-wrap gap-2"
          onSubmit={() => setSending(true)}
        >
          <input type="hidden" name="intent" value={RESTORE_INTENT.restore} />
          <input type="hidden" name="copia" value={confirm.id} />
          <StatusButton variant="destructive" pending={sending} pendingLabel="Preparando...">
            <History aria-hidden="true" />
            Sí, restaurar
          </StatusButton>
          <Link to={LIST} className={buttonVariants({ variant: "outline" })}>
            Cancelar
          </Link>
        </Form>
      </CardContent>
    </Card>
  );
}

/** The answer to 'Sí, restaurar': the site restarts; the page reloads itself into the list. */
export function Restarting({ createdAt, timeZone }: { createdAt: string; timeZone?: string }) {
  return (
    <section role="status" aria-labelledby="restarting-title" className="rounded-2xl border bg-card p-6">
      <meta httpEquiv="refresh" content={`${RELOAD_SECONDS};url=${LIST}`} />
      <h2 id="restarting-title" className="text-lg font-semibold">
        Restaurando {copyOf(createdAt, timeZone)}
      </h2>
      <p className="mt-2 text-sm">
        Ya se guardó una copia de los datos de antes («Antes de restaurar»). El sitio se reinicia y vuelve en
        un momento: esta página se recarga sola. Después inicia sesión de nuevo.
      </p>
      <a href={LIST} className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-4")}>
        Volver a Copias de seguridad
      </a>
    </section>
  );
}

/** The last restore's outcome and one being prepared, above the list. */
export function RestoreNotices({ restore, timeZone }: { restore: RestoreState; timeZone?: string }) {
  return (
    <>
      {restore.inProgress && (
        <Notice ok>Se está restaurando una copia: el sitio se reinicia en un momento.</Notice>
      )}
      {restore.last && <Notice ok={restore.last.ok}>{outcomeInWords(restore.last, timeZone)}</Notice>}
    </>
  );
}

/** 'Restaurar desde un archivo' (embedded database) or the command to run (Postgres). */
export function RestoreFromFile({ restore }: { restore: RestoreState }) {
  const navigation = useNavigation();
  const [chosen, setChosen] = useState<string | null>(null);
  const checking =
    navigation.state === "submitting" && navigation.formData?.get("intent") === RESTORE_INTENT.upload;
  if (!restore.available)
    return (
      <Card className="mt-6">
        <CardHeader>
          <CardTitle as="h2">Restaurar una copia</CardTitle>
          <CardDescription>
            Con Postgres se restaura en el servidor. Detén antes el sitio (todas sus instancias), porque el
            comando reemplaza la base de datos y los archivos:
          </CardDescription>
        </CardHeader>
        <CardContent>
          <code className="block rounded-lg bg-muted p-3 text-sm break-all">
            npm run restore -- /ruta/al/archivo.tar.gz --force
          </code>
        </CardContent>
      </Card>
    );
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle as="h2">Restaurar desde un archivo</CardTitle>
        <CardDescription>
          Una copia descargada de este sitio (.tar.gz, máximo {restore.maxMB} MB). Se comprueba entera y
          después se te pide confirmar; hasta entonces no cambia nada.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value={RESTORE_INTENT.upload} />
          <div className="grid min-w-64 flex-1 gap-1.5">
            <Label htmlFor="restore-archive">Archivo de la copia</Label>
            <FileInput
              id="restore-archive"
              name="archivo"
              accept=".gz,.tar.gz,application/gzip"
              required
              chosenName={chosen}
              onFile={(f) => setChosen(f?.name ?? null)}
            />
          </div>
          <StatusButton
            variant="outline"
            pending={checking}
            pendingLabel="Comprobando..."
            disabled={checking}
          >
            <Upload aria-hidden="true" />
            Subir y comprobar
          </StatusButton>
        </Form>
      </CardContent>
    </Card>
  );
}
