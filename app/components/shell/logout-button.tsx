import { LogOut } from "lucide-react";
import type * as React from "react";
import { lazy, Suspense } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "~/components/ui/button";
import { useLazyDialog } from "~/components/ui/lazy-dialog";

const loadDialog = () => import("./logout-dialog");
const LogoutDialog = lazy(loadDialog);

export type LogoutButtonProps = {
  /** The trigger's label; defaults to 'Cerrar Sesión'. */
  children?: React.ReactNode;
  className?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Show the log-out icon before the label. Defaults to true. */
  icon?: boolean;
  /** Runs as the confirmation opens (e.g. to close the menu the button sits in). */
  onOpen?: () => void;
};

/**
 * Sign-out trigger with the confirmation dialog (docs/product.md §2.1, §3.2). Confirming posts to
 * /logout, whose action shows 'Sesión Cerrada' and redirects to /admin-login. The dialog's
 * code loads when the pointer or focus reaches the button, so the site shell stays light.
 */
export function LogoutButton({
  children = "Cerrar Sesión",
  className,
  variant = "outline",
  size = "sm",
  icon = true,
  onOpen,
}: LogoutButtonProps) {
  const dialog = useLazyDialog(loadDialog);
  const { onClick, ...trigger } = dialog.triggerProps;
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        {...trigger}
        onClick={() => {
          onOpen?.();
          onClick();
        }}
      >
        {icon && <LogOut aria-hidden="true" />}
        {children}
      </Button>
      {dialog.rendered ? (
        <Suspense fallback={null}>
          <LogoutDialog open={dialog.open} onOpenChange={dialog.setOpen} returnFocusTo={dialog.triggerRef} />
        </Suspense>
      ) : null}
    </>
  );
}
