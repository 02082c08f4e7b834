import { Copy } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { copyText } from "~/lib/clipboard";
import { notify, notifyError } from "~/lib/toast";

/** A generated password, shown once to copy and hand over (it is never stored or shown again). */
export function PasswordShownDialog({
  shown,
  onClose,
}: {
  shown: { email: string; password: string } | null;
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
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Listo
          </Button>
          <Button onClick={copy}>
            <Copy aria-hidden="true" />
            Copiar
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
