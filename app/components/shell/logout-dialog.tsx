import type { RefObject } from "react";
import { Form } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { focusBackTo } from "~/components/ui/lazy-dialog";

export type LogoutDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the dialog closes (the button that opened it). */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/** The sign-out confirmation (SPEC §2.2, §2.12), loaded by LogoutButton when first needed. */
export default function LogoutDialog({ open, onOpenChange, returnFocusTo }: LogoutDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={focusBackTo(returnFocusTo)}>
        <AlertDialogHeader>
          <AlertDialogTitle>¿Estás seguro de que quieres cerrar sesión?</AlertDialogTitle>
          <AlertDialogDescription>
            Tendrás que volver a iniciar sesión para entrar al panel.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {/* The form is submitted first; the dialog closes right after react-router reads it. */}
        <Form method="post" action="/logout" onSubmit={() => onOpenChange(false)}>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancelar</AlertDialogCancel>
            <Button type="submit" variant="destructive">
              Cerrar Sesión
            </Button>
          </AlertDialogFooter>
        </Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
