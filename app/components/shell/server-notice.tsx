import { CircleAlert, CircleCheck, ShoppingCart } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { cn } from "~/components/ui/cn";
import type { ServerCart } from "~/lib/cart-lines";
import { FLASH_TOASTS, type FlashKey } from "~/lib/flash";
import type { ToastMessage } from "~/lib/toast";

type RootCartData = { flash?: { key: FlashKey; id: string } | null; cart?: ServerCart };

/**
 * What a cart form posted without scripts did ('Añadido al carrito', the flash of
 * app/lib/flash.ts) and what the server changed in the cart ('Café se agotó.'), as a line under
 * the sticky header: in view wherever the post came back to. Once scripts run the same words are
 * toasts (the root's flash, CartButton's adoption), so this line goes.
 */
export function ServerNotice() {
  const root = useRouteLoaderData<RootCartData>("root");
  const onCartPage = useLocation().pathname === "/carrito";
  const [scripts, setScripts] = useState(false);
  useEffect(() => setScripts(true), []);
  if (scripts || !root) return null;
  const key = root.flash?.key;
  const flash: ToastMessage | null = key?.startsWith("cart-") ? FLASH_TOASTS[key] : null;
  const notes = root.cart?.notes ?? [];
  if (!flash && notes.length === 0) return null;
  const bad = flash?.variant === "destructive" || flash?.variant === "warning";
  const Icon = bad ? CircleAlert : CircleCheck;
  return (
    <div
      role="status"
      className={cn("border-t", bad ? "bg-amber-50 text-amber-950" : "bg-emerald-50 text-emerald-950")}
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-sm sm:px-6">
        {flash && (
          <p className="flex min-w-0 items-center gap-2">
            <Icon aria-hidden="true" className="size-4 shrink-0" />
            <span>
              <strong>{flash.title}.</strong> {flash.description}
            </span>
          </p>
        )}
        {notes.length > 0 && (
          <p className="min-w-0">
            <strong>Actualizamos tu carrito:</strong> {notes.join(" ")}
          </p>
        )}
        {!onCartPage && (
          <a
            href="/carrito"
            className="inline-flex min-h-11 items-center gap-1.5 font-semibold underline underline-offset-4 md:min-h-9"
          >
            <ShoppingCart aria-hidden="true" className="size-4" />
            Ver carrito
          </a>
        )}
      </div>
    </div>
  );
}
