import type { RefObject } from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

export type LogoutDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the dialog closes (the button that opened it). */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/** The sign-out confirmation (docs/product.md §3.1), loaded by LogoutButton when first needed. */
export default function LogoutDialog({ open, onOpenChange, returnFocusTo }: LogoutDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      title="¿Estás seguro de que quieres cerrar sesión?"
      description="Tendrás que volver a iniciar sesión para entrar al panel."
      confirmLabel="Cerrar Sesión"
      postTo="/logout"
    />
  );
}
