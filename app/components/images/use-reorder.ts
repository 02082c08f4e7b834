import type * as React from "react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { type FormReply, useReplyMessage } from "~/lib/forms";

export type ReorderTarget = {
  /** `{prefix}-reorder` of app/routes/admin/image-intents.ts. */
  intent: string;
  /** The route action that handles it. */
  action: string;
};

/** The list with `id` moved to `to` (an index of the list as it is). */
export function moved(ids: string[], id: string, to: number): string[] {
  const rest = ids.filter((x) => x !== id);
  rest.splice(Math.max(0, Math.min(to, rest.length)), 0, id);
  return rest;
}

/**
 * Reordering a list of images (docs/product.md §3.2, §3.6) by dragging a tile onto another, or
 * with the move buttons for keyboard and screen-reader users. The new order shows at once and
 * is saved as the whole list of ids; the moved button keeps the focus and a live region says
 * where the image went.
 */
export function useReorder<T extends { id: string }>(items: T[], target: ReorderTarget) {
  const fetcher = useFetcher<FormReply>();
  useReplyMessage(fetcher.data);
  const [dragId, setDragId] = useState<string | null>(null);
  const [overId, setOverId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const refocus = useRef<{ id: string; dir: "up" | "down" } | null>(null);

  const byId = new Map(items.map((i) => [i.id, i]));
  const pending = fetcher.formData?.getAll("ids").map(String);
  const ordered = pending?.every((id) => byId.has(id)) ? pending.flatMap((id) => byId.get(id) ?? []) : items;
  const ids = ordered.map((i) => i.id);

  const commit = (next: string[], id: string) => {
    const form = new FormData();
    form.set("intent", target.intent);
    for (const x of next) form.append("ids", x);
    void fetcher.submit(form, { method: "post", action: target.action });
    setAnnouncement(`Imagen movida a la posición ${next.indexOf(id) + 1} de ${next.length}.`);
  };

  const move = (id: string, dir: "up" | "down") => {
    const at = ids.indexOf(id);
    const to = dir === "up" ? at - 1 : at + 1;
    if (at < 0 || to < 0 || to >= ids.length) return;
    refocus.current = { id, dir };
    commit(moved(ids, id, to), id);
  };

  // React moves the focused button's node; put the focus back on it (or its twin at an end).
  const order = ids.join();
  useEffect(() => {
    const r = refocus.current;
    if (!order || !r) return;
    refocus.current = null;
    const other = r.dir === "up" ? "down" : "up";
    const button = document.getElementById(moveButtonId(r.id, r.dir)) as HTMLButtonElement | null;
    (button && !button.disabled ? button : document.getElementById(moveButtonId(r.id, other)))?.focus();
  }, [order]);

  const end = () => {
    setDragId(null);
    setOverId(null);
  };
  /** On the picture: what is dragged. */
  const dragHandle = (id: string) => ({
    draggable: true,
    onDragStart: (e: React.DragEvent) => {
      setDragId(id);
      e.dataTransfer.effectAllowed = "move";
      e.dataTransfer.setData("text/plain", id);
    },
    onDragEnd: end,
  });
  /** On the whole tile: where it may be dropped. */
  const dropTarget = (id: string) => ({
    onDragOver: (e: React.DragEvent) => {
      if (!dragId || dragId === id) return;
      e.preventDefault();
      setOverId(id);
    },
    onDragLeave: () => setOverId((o) => (o === id ? null : o)),
    onDrop: (e: React.DragEvent) => {
      e.preventDefault();
      if (dragId && dragId !== id) commit(moved(ids, dragId, ids.indexOf(id)), dragId);
      end();
    },
  });

  return { ordered, move, dragHandle, dropTarget, dragId, overId, announcement };
}

export type Reorder<T extends { id: string } = { id: string }> = ReturnType<typeof useReorder<T>>;

export const moveButtonId = (id: string, dir: "up" | "down") => `move-${dir}-${id}`;
