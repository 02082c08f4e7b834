import { LogOut } from "lucide-react";
import type * as React from "react";
import { lazy, Suspense, useRef, useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "~/components/ui/button";

const LogoutDialog = lazy(() => import("./logout-dialog"));

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
 * /logout, whose action shows 'Sesión Cerrada' and redirects to /admin-login. The dialog's
 * code loads when the pointer or focus reaches the button, so the site shell stays light.
 */
export function LogoutButton({
  children = "Cerrar Sesión",
  className,
  variant = "outline",
  size = "sm",
  icon = true,
}: LogoutButtonProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const preload = () => void import("./logout-dialog");
  return (
    <>
      <Button
        ref={buttonRef}
        variant={variant}
        size={size}
        className={className}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {icon && <LogOut aria-hidden="true" />}
        {children}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <LogoutDialog open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}
