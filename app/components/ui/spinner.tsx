import { Loader2 } from "lucide-react";
import { cn } from "./cn";

const sizes = { sm: "size-4", md: "size-6", lg: "size-10" } as const;

export type SpinnerProps = {
  size?: keyof typeof sizes;
  /** Announced to screen readers; defaults to 'Cargando...'. */
  label?: string;
  className?: string;
};

/** Accessible loading indicator: a live status region with a visually hidden label. */
export function Spinner({ size = "md", label = "Cargando...", className }: SpinnerProps) {
  return (
    <span role="status" className={cn("inline-flex items-center justify-center text-primary", className)}>
      <Loader2 aria-hidden="true" className={cn("animate-spin", sizes[size])} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
