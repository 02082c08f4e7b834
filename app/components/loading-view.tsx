import { cn } from "~/components/ui/cn";
import { Spinner } from "~/components/ui/spinner";

export type LoadingViewProps = {
  /** Visible text under the spinner; also what screen readers hear. */
  label?: string;
  className?: string;
};

/** Centred spinner filling the available area (docs/product.md §2: shown while auth or settings load). */
export function LoadingView({ label, className }: LoadingViewProps) {
  return (
    <div className={cn("flex min-h-[50vh] flex-1 flex-col items-center justify-center gap-3 p-8", className)}>
      <Spinner size="lg" label={label ?? "Cargando..."} />
      {label && (
        <p aria-hidden="true" className="text-sm text-muted-foreground">
          {label}
        </p>
      )}
    </div>
  );
}

export type NavigationProgressProps = { active: boolean };

/**
 * Thin indeterminate bar at the top of the viewport while a navigation is pending. Pure CSS
 * (app/app.css '.nav-progress'): it stays invisible for 150 ms so fast navigations never flash.
 */
export function NavigationProgress({ active }: NavigationProgressProps) {
  if (!active) return null;
  return (
    <div
      role="progressbar"
      aria-label="Cargando página"
      className="nav-progress pointer-events-none fixed inset-x-0 top-0 z-[60] h-[3px] overflow-hidden bg-primary/20"
    />
  );
}
