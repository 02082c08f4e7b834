import { Check } from "lucide-react";
import { StatusIcon } from "~/components/orders/status";
import { cn } from "~/components/ui/cn";
import { type OrderStatus, progressSteps, STATUS_INFO, type StatusTimestamps } from "~/lib/orders";

const STATE_LABEL = { done: "completado", current: "estado actual", upcoming: "pendiente" } as const;

/** The whole path en_local → enviando → en_reparto → entregado, with the steps still to come. */
export function TrackingProgress({ order }: { order: { status: OrderStatus } & Partial<StatusTimestamps> }) {
  const steps = progressSteps(order);
  return (
    <ol aria-label="Progreso del pedido" className="flex items-start">
      {steps.map((step, i) => {
        const cancelled = step.status === "cancelado";
        return (
          <li
            key={step.status}
            aria-current={step.state === "current" ? "step" : undefined}
            data-state={step.state}
            className="relative flex flex-1 flex-col items-center gap-2 text-center"
          >
            {i > 0 && (
              <span
                aria-hidden="true"
                className={cn(
                  "absolute top-4 right-1/2 h-0.5 w-full -translate-y-1/2",
                  step.state === "upcoming" ? "bg-border" : cancelled ? "bg-destructive" : "bg-primary",
                )}
              />
            )}
            <span
              aria-hidden="true"
              className={cn(
                "relative flex size-8 items-center justify-center rounded-full border-2",
                step.state === "upcoming" && "border-border bg-card text-muted-foreground",
                step.state === "done" && "border-primary bg-primary text-primary-foreground",
                step.state === "current" &&
                  (cancelled
                    ? "border-destructive bg-destructive text-white"
                    : "border-primary bg-card text-primary ring-4 ring-primary/20"),
              )}
            >
              {step.state === "done" ? (
                <Check className="size-4" />
              ) : (
                <StatusIcon status={step.status} className="size-4" />
              )}
            </span>
            <span
              className={cn(
                "px-0.5 text-xs leading-tight font-medium sm:text-sm",
                step.state === "upcoming" ? "text-muted-foreground" : "text-foreground",
                step.state === "current" && "font-bold",
              )}
            >
              {STATUS_INFO[step.status].label}
              <span className="sr-only"> ({STATE_LABEL[step.state]})</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
