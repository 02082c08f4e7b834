import { MessageCircle } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { waMeHref } from "~/lib/phone-links";

/** The fixed WhatsApp message of the Personal Shop button (docs/product.md §2.5). */
export const PERSONAL_SHOP_MESSAGE =
  "Hola, me interesa el servicio de Personal Shop. Quiero que me ayuden a comprar en tiendas de Estados Unidos.";

/**
 * 'Comenzar Compra Personal', sticky at the bottom of the screen while the page scrolls. On
 * phones it leaves room on the right for the round chat button.
 */
export function StickyCta({ whatsapp }: { whatsapp: string | null }) {
  return (
    <div className="pointer-events-none sticky bottom-[calc(1rem+env(safe-area-inset-bottom))] z-30 flex px-4 pr-24 sm:justify-center sm:pr-4">
      <a
        href={waMeHref(whatsapp, PERSONAL_SHOP_MESSAGE)}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonVariants({
          size: "lg",
          className:
            "pointer-events-auto w-full bg-accent px-6 text-accent-foreground shadow-xl ring-1 ring-black/5 hover:bg-accent/90 sm:w-auto",
        })}
      >
        <MessageCircle aria-hidden="true" />
        Comenzar Compra Personal
        <span className="sr-only">(se abre WhatsApp en una pestaña nueva)</span>
      </a>
    </div>
  );
}
