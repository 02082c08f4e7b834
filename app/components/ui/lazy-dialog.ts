import { type RefObject, useRef, useState } from "react";

/**
 * A dialog whose code is loaded apart from the page (React.lazy) behind a plain button that is
 * rendered with the page. `load` is the dialog module's import function (a module-level
 * constant). The code is fetched when the pointer or focus reaches the button. `rendered` turns true at the first click and stays true, so
 * the dialog can animate closed; pass `triggerRef` to the dialog for `focusBackTo`.
 */
export function useLazyDialog(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [rendered, setRendered] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const preload = () => void load();
  return {
    open,
    setOpen,
    rendered,
    triggerRef,
    triggerProps: {
      ref: triggerRef,
      "aria-haspopup": "dialog" as const,
      "aria-expanded": open,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => {
        setRendered(true);
        setOpen(true);
      },
    },
  };
}

/**
 * `onCloseAutoFocus` for a Radix dialog opened without its Trigger component: focus goes back
 * to the button that opened it (Radix would otherwise leave it on the page body).
 */
export function focusBackTo(ref: RefObject<HTMLElement | null>) {
  return (event: Event) => {
    event.preventDefault();
    ref.current?.focus();
  };
}
