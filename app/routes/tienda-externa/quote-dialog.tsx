import { Check, Copy, MessageCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Button, buttonVariants } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { copyText } from "~/lib/clipboard";
import { quoteMessage } from "~/lib/marketplaces";
import { waMeHref } from "~/lib/phone-links";
import { notify } from "~/lib/toast";

export type QuoteDialogProps = {
  /** The product link; null closes the dialog. */
  link: string | null;
  storeName: string;
  /** The shop's WhatsApp number (SiteContact.whatsapp). */
  whatsapp: string | null;
  onClose: () => void;
  onSent: () => void;
};

const COPIED_MS = 2000;

/** '¡Casi listo!' (docs/product.md §2.4): the link, a copy button, cancel, and send by WhatsApp. */
export function QuoteDialog({ link, storeName, whatsapp, onClose, onSent }: QuoteDialogProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const t = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(t);
  }, [copied]);

  const copy = async () => {
    if (!link) return;
    if (await copyText(link)) {
      setCopied(true);
      notify({ title: "¡Copiado!", description: "Enlace copiado al portapapeles." });
    } else {
      notify({
        title: "Error al copiar",
        description: "No se pudo copiar el enlace.",
        variant: "destructive",
      });
    }
  };

  return (
    <Dialog
      open={link !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>¡Casi listo!</DialogTitle>
          <DialogDescription>
            Revisa el enlace de tu producto de {storeName}. Al enviarlo se abrirá WhatsApp con tu solicitud de
            cotización lista.
          </DialogDescription>
        </DialogHeader>
        <div className="flex items-start gap-2 rounded-xl border bg-muted p-3">
          <p className="min-w-0 flex-1 self-center text-sm break-all" data-testid="quote-link">
            {link}
          </p>
          <Button
            variant="outline"
            size="icon"
            onClick={copy}
            aria-label={copied ? "Enlace copiado" : "Copiar enlace"}
            className={copied ? "text-primary" : undefined}
          >
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          </Button>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancelar</Button>
          </DialogClose>
          <a
            href={link ? waMeHref(whatsapp, quoteMessage(storeName, link)) : undefined}
            target="_blank"
            rel="noopener noreferrer"
            // Close after the browser has followed the link: unmounting it during the click cancels it.
            onClick={() => window.setTimeout(onSent, 0)}
            className={buttonVariants()}
          >
            <MessageCircle aria-hidden="true" />
            Enviar por WhatsApp
            <span className="sr-only">(se abre en una pestaña nueva)</span>
          </a>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
