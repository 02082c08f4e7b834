import { Eye, EyeOff, ImageOff, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { href, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DEFAULT_SALE_INFO, type StaffProductView, toggledStock } from "~/lib/catalog";
import { PRODUCTS_INTENT } from "~/lib/catalog-form";
import { useReplyMessage } from "~/lib/forms";
import { variantUrl } from "~/lib/images";
import type { ActionData } from "./types";

export type ProductRowProps = {
  product: StaffProductView;
  categoryLabel: string | null;
  onEdit: (product: StaffProductView) => void;
  /** Confirmed deletion; the list owns that request so its answer outlives the row. */
  onDelete: (product: StaffProductView) => void;
};

/**
 * One row of 'Productos Existentes' (docs/product.md §3.2): stock toggle, 'Ocultar'/'Mostrar'
 * (issue 38), edit and confirmed delete. The stock and visibility buttons are real forms: they
 * work before the page's scripts run.
 */
export function ProductRow({ product, categoryLabel, onEdit, onDelete }: ProductRowProps) {
  const [confirming, setConfirming] = useState(false);
  const stock = useFetcher<ActionData>();
  const toggling = stock.state !== "idle";
  useReplyMessage(stock.data);
  const shown = useFetcher<ActionData>();
  useReplyMessage(shown.data);
  // Optimistic: the toggled quantity and the visibility asked for show at once.
  const quantity = toggling
    ? toggledStock(product.stockQuantity, product.stockBeforeSoldOut)
    : product.stockQuantity;
  const soldOut = quantity <= 0;
  const pendingVisible = shown.formData?.get("visible");
  const visible = typeof pendingVisible === "string" ? pendingVisible === "true" : product.visible;
  const kept = soldOut && !toggling ? product.stockBeforeSoldOut : null;

  const thumb = product.imageUrl?.endsWith(".webp") ? variantUrl(product.imageUrl, 320) : product.imageUrl;
  return (
    <li
      className={cn(
        "flex flex-col gap-4 rounded-xl border p-3 sm:flex-row sm:items-center sm:p-4",
        soldOut ? "border-dashed bg-muted" : "bg-card",
      )}
    >
      <div className="flex min-w-0 flex-1 gap-3 sm:gap-4">
        <div className="size-20 shrink-0 overflow-hidden rounded-lg bg-muted sm:size-16">
          {thumb ? (
            <img
              src={thumb}
              alt=""
              width={80}
              height={80}
              loading="lazy"
              className={cn("size-full object-cover", soldOut && "opacity-50 grayscale")}
            />
          ) : (
            <div className="flex size-full items-center justify-center text-muted-foreground">
              <ImageOff aria-hidden="true" className="size-6" />
              <span className="sr-only">Sin imagen</span>
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <h3 className={cn("truncate font-semibold", soldOut && "text-muted-foreground")}>{product.name}</h3>
          <p className="line-clamp-2 text-sm text-muted-foreground">
            {product.description || "Sin descripción"}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-1.5">
            <Badge variant="secondary">{categoryLabel ?? product.category ?? "Sin categoría"}</Badge>
            {product.isOnSale && <Badge variant="accent">{product.saleInfo || DEFAULT_SALE_INFO}</Badge>}
            {soldOut && <Badge variant="destructive">Agotado</Badge>}
            {!visible && (
              <Badge variant="outline" className="border-dashed">
                <EyeOff aria-hidden="true" />
                Oculto
              </Badge>
            )}
            <span className="text-xs text-muted-foreground">
              Stock: {quantity}
              {kept ? ` (vuelve a ${kept} al marcarlo en stock)` : ""}
            </span>
          </div>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:shrink-0">
        <stock.Form method="post" action={href("/admin/productos")} className="contents">
          <input type="hidden" name="intent" value={PRODUCTS_INTENT.toggleStock} />
          <input type="hidden" name="id" value={product.id} />
          <Button type="submit" variant="outline" size="sm" disabled={toggling}>
            {soldOut ? "Marcar En Stock" : "Marcar Agotado"}
          </Button>
        </stock.Form>
        <shown.Form method="post" action={href("/admin/productos")} className="contents">
          <input type="hidden" name="intent" value={PRODUCTS_INTENT.visibility} />
          <input type="hidden" name="id" value={product.id} />
          <input type="hidden" name="visible" value={String(!visible)} />
          <Button
            type="submit"
            variant="outline"
            size="sm"
            disabled={shown.state !== "idle"}
            aria-label={
              visible ? `Ocultar «${product.name}» de la tienda` : `Mostrar «${product.name}» en la tienda`
            }
          >
            {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            {visible ? "Ocultar" : "Mostrar"}
          </Button>
        </shown.Form>
        <Button variant="outline" size="sm" onClick={() => onEdit(product)}>
          <Pencil aria-hidden="true" />
          Editar
        </Button>
        <Button variant="destructive" size="sm" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" />
          Eliminar
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="¿Eliminar este producto?"
        description={`Se eliminará «${product.name}» de la tienda junto con su imagen. Esta acción no se puede deshacer.`}
        onConfirm={() => onDelete(product)}
      />
    </li>
  );
}
