import type * as React from "react";
import type { RefObject } from "react";
import { Form } from "react-router";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "./alert-dialog";
import { Button } from "./button";
import { focusBackTo } from "./lazy-dialog";

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  /** The destructive button's label (default 'Eliminar'); 'Cancelar' is the other choice. */
  confirmLabel?: string;
  /** What confirming does; the dialog closes first. */
  onConfirm?: () => void;
  /** Instead of `onConfirm`: confirming posts a form to this route action (e.g. '/logout'). */
  postTo?: string;
  /** Where focus returns when the dialog was opened without a Radix trigger. */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

/**
 * The one confirmation dialog: a question, a consequence, 'Cancelar' and a destructive
 * confirm. Keyboard and screen-reader behaviour come from Radix's AlertDialog.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = "Eliminar",
  onConfirm,
  postTo,
  returnFocusTo,
}: ConfirmDialogProps) {
  const footer = (confirm: React.ReactNode) => (
    <AlertDialogFooter>
      <AlertDialogCancel>Cancelar</AlertDialogCancel>
      {confirm}
    </AlertDialogFooter>
  );
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={returnFocusTo ? focusBackTo(returnFocusTo) : undefined}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {postTo ? (
          // The form is submitted first; the dialog closes right after react-router reads it.
          <Form method="post" action={postTo} onSubmit={() => onOpenChange(false)}>
            {footer(
              <Button type="submit" variant="destructive">
                {confirmLabel}
              </Button>,
            )}
          </Form>
        ) : (
          footer(
            <AlertDialogAction variant="destructive" onClick={onConfirm}>
              {confirmLabel}
            </AlertDialogAction>,
          )
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
