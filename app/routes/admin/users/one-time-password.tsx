import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Copy } from "lucide-react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { copyText } from "~/lib/clipboard";
import type { FormReply } from "~/lib/forms";
import { MIN_PASSWORD_LENGTH } from "~/lib/passwords";
import { notify, notifyError } from "~/lib/toast";

// 'Agregar usuario' and 'Restablecer contraseña' (docs/product.md §3.7) take a password or
// generate one, which the server answers once (the reply's `extra`) and never stores readable.

/** A generated password and whose it is, while it is shown; `note`: what else happened (the invitation). */
export type ShownPassword = { email: string; password: string; note?: string };

/**
 * The password field of both forms: left empty, the server generates one, or (`emptyMeans`) sends
 * a link by mail instead.
 */
export function OptionalPasswordField({
  field,
  label,
  emptyMeans = "Déjala vacía para generar una segura que verás una sola vez.",
}: {
  field: FieldMetadata<unknown>;
  label: string;
  emptyMeans?: string;
}) {
  return (
    <Field
      field={field}
      label={label}
      hint={
        <>
          {emptyMeans} Si la escribes: al menos {MIN_PASSWORD_LENGTH} caracteres.
        </>
      }
    >
      {(hintId) => (
        <Input
          {...getInputProps(field, { type: "password", ariaDescribedBy: hintId })}
          autoComplete="new-password"
        />
      )}
    </Field>
  );
}

/** The password a successful reply generated, to show once; null when the person typed one. */
export function generatedPassword(reply: FormReply, email: string): ShownPassword | null {
  const extra = reply.extra as
    | { email?: string; password?: string | null; invitation?: "sent" | "outbox" | null }
    | undefined;
  if (!extra?.password) return null;
  // Without a mail server the invitation waits in 'Correo' (/admin/correo), for the owner to forward.
  const note =
    extra.invitation === "outbox"
      ? "La invitación para elegir su propia contraseña quedó en Correo: puedes reenviársela desde allí."
      : undefined;
  return { email: extra.email ?? email, password: extra.password, ...(note ? { note } : {}) };
}

/** A generated password, shown once to copy and hand over (it is never stored or shown again). */
export function PasswordShownDialog({
  shown,
  onClose,
}: {
  shown: ShownPassword | null;
  onClose: () => void;
}) {
  const copy = async () => {
    if (shown && (await copyText(shown.password)))
      notify({ title: "Copiada", description: "Contraseña copiada al portapapeles." });
    else notifyError("No se pudo copiar: selecciónala y cópiala a mano.");
  };
  return (
    <Dialog open={shown !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Contraseña generada</DialogTitle>
          <DialogDescription>
            {shown?.email ? `Para ${shown.email}. ` : ""}Cópiala ahora y entrégala en persona: no se volverá a
            mostrar.
          </DialogDescription>
        </DialogHeader>
        <output
          aria-label="Contraseña generada"
          className="block rounded-lg border bg-muted px-3 py-3 font-mono text-lg break-all select-all"
        >
          {shown?.password}
        </output>
        {shown?.note ? <p className="text-sm text-muted-foreground">{shown.note}</p> : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Listo
          </Button>
          <Button onClick={copy}>
            <Copy aria-hidden="true" />
            Copiar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
