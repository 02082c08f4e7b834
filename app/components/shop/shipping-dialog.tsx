import { MessageCircle } from "lucide-react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import type { ProductView } from "~/lib/catalog";
import { productWhatsappText } from "~/lib/catalog";
import { whatsappUrl } from "~/lib/site";

export type ShippingDialogProps = {
  /** The product being bought; null keeps the dialog closed. */
  product: ProductView | null;
  whatsappLink: string;
  onClose: () => void;
};

/** docs/product.md §2.3: 'Añadir al Carrito' opens this: a WhatsApp button with the product's text, and 'Cerrar'. */
export function ShippingDialog({ product, whatsappLink, onClose }: ShippingDialogProps) {
  return (
    <Dialog open={product !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent showClose={false}>
        <DialogHeader>
          <DialogTitle>Pide por WhatsApp</DialogTitle>
          <DialogDescription>
            Escríbenos por WhatsApp y te confirmamos el precio, la disponibilidad y el envío a tu dirección en
            Miami o a tu familia en Nicaragua y Costa Rica.
          </DialogDescription>
        </DialogHeader>
        {product && (
          <p className="rounded-xl bg-muted px-4 py-3 text-sm">
            Producto: <span className="font-semibold">{product.name}</span>
          </p>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cerrar</Button>
          </DialogClose>
          <Button asChild className="bg-[#18743f] text-white hover:bg-[#125c32]">
            <a
              href={whatsappUrl(whatsappLink, productWhatsappText(product?.name))}
              target="_blank"
              rel="noopener noreferrer"
            >
              <MessageCircle aria-hidden="true" />
              Contactar por WhatsApp
              <span className="sr-only">(se abre en una pestaña nueva)</span>
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
