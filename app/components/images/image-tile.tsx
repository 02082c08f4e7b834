import { ArrowDown, ArrowUp, GripVertical, Trash2 } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { ImageListIntents } from "~/lib/image-forms";
import { AltTextForm } from "./alt-text-form";
import { moveButtonId, type Reorder } from "./use-reorder";

export type ImageTileProps = {
  id: string;
  /** The picture shown in the tile (a small width of it when there is one). */
  src: string;
  altText: string;
  /** 1-based place in the list, and the list's length. */
  position: number;
  count: number;
  reorder: Reorder;
  /** The screen's image intents and the action that handles them. */
  intents: ImageListIntents;
  action: string;
  onDelete: () => void;
  /** Landscape (hero) or square (customer photos). */
  shape: "wide" | "square";
  /** Shown dimmed, e.g. an inactive photo. */
  dimmed?: boolean;
  /** The screen's own controls ('Establecer como principal', the 'Activo' switch). */
  children?: React.ReactNode;
};

/**
 * One image of a reorderable list (hero gallery, customer photos): drag it onto another tile, or
 * move it with the buttons; its description; delete after the spec's confirmation.
 */
export function ImageTile(p: ImageTileProps) {
  const [confirming, setConfirming] = useState(false);
  const name = `Imagen ${p.position}`;
  return (
    <li
      {...p.reorder.dropTarget(p.id)}
      aria-label={`${name} de ${p.count}`}
      className={cn(
        "flex flex-col overflow-hidden rounded-xl border bg-card shadow-xs transition",
        p.reorder.dragId === p.id && "opacity-50",
        p.reorder.overId === p.id && "ring-2 ring-primary",
      )}
    >
      <div
        {...p.reorder.dragHandle(p.id)}
        className={cn(
          "relative cursor-grab bg-muted active:cursor-grabbing",
          p.shape === "wide" ? "aspect-video" : "aspect-video sm:aspect-square",
        )}
      >
        <img
          src={p.src}
          alt={p.altText}
          loading="lazy"
          decoding="async"
          // Absolute: in a flex column an aspect-ratio box would otherwise grow to the picture's height.
          className={cn("absolute inset-0 size-full object-cover", p.dimmed && "opacity-50 grayscale")}
        />
        <span className="absolute top-2 left-2 flex items-center gap-1 rounded-full bg-black/70 px-2 py-1 text-xs font-medium text-white">
          <GripVertical aria-hidden="true" className="size-3.5" />
          {p.position} / {p.count}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-3">
        {p.children}
        <AltTextForm
          id={p.id}
          altText={p.altText}
          intent={p.intents.alt}
          action={p.action}
          label={`Descripción de la imagen ${p.position}`}
        />
        <div className="mt-auto flex items-center gap-2 border-t pt-3">
          <Button
            id={moveButtonId(p.id, "up")}
            variant="outline"
            size="icon"
            aria-label={`Mover ${name.toLowerCase()} antes`}
            disabled={p.position === 1}
            onClick={() => p.reorder.move(p.id, "up")}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            id={moveButtonId(p.id, "down")}
            variant="outline"
            size="icon"
            aria-label={`Mover ${name.toLowerCase()} después`}
            disabled={p.position === p.count}
            onClick={() => p.reorder.move(p.id, "down")}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button variant="destructive" size="sm" className="ml-auto" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" />
            Eliminar
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="¿Eliminar esta imagen?"
        description="La imagen se eliminará permanentemente del servidor. Esta acción no se puede deshacer."
        onConfirm={p.onDelete}
      />
    </li>
  );
}
