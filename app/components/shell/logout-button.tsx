import { LogOut } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { Form } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button, type ButtonSize, type ButtonVariant } from "~/components/ui/button";

export type LogoutButtonProps = {
  /** The trigger's label; defaults to 'Cerrar Sesión'. */
  children?: React.ReactNode;
  className?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Show the log-out icon before the label. Defaults to true. */
  icon?: boolean;
};

/**
 * Sign-out trigger with the confirmation dialog (SPEC §2.2, §2.12). Confirming posts to
 * /logout, whose action shows 'Sesión Cerrada' and redirects to /admin-login.
 */
export function LogoutButton({
  children = "Cerrar Sesión",
  className,
  variant = "outline",
  size = "sm",
  icon = true,
}: LogoutButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant={variant} size={size} className={className}>
          {icon && <LogOut aria-hidden="true" />}
          {children}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>¿Estás seguro de que quieres cerrar sesión?</AlertDialogTitle>
          <AlertDialogDescription>
            Tendrás que volver a iniciar sesión para entrar al panel.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {/* The form is submitted first; the dialog closes right after react-router reads it. */}
        <Form method="post" action="/logout" onSubmit={() => setOpen(false)}>
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
